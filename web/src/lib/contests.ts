// A contest entry as both apps read it (docs/API.md "Campaigns and naming contests"): the staff app adds
// the viewer's own marks (user/campaigns/types.ts), the back office its author (admin/campaigns/logic.ts).
import type { MediaSummary } from './media';

export type ContestKind = 'campaign' | 'naming';
export type EntryStatus = 'pending' | 'approved' | 'rejected';

export interface EntryBase {
  id: string;
  text: string | null;
  reason: string | null;
  photo: MediaSummary | null;
  status: EntryStatus;
  rejectReason: string | null;
  winner: boolean;
}
