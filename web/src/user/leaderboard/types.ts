// GET /api/leaderboards and GET /api/leaderboards/stores (docs/API.md "Leaderboards").
export type Scope = 'store' | 'region' | 'all';
export type Period = 'week' | 'month' | 'all';
export type View = 'people' | 'stores';

export interface PeriodBounds {
  name: Period;
  from: string | null;
  to: string | null;
}

export interface PersonRow {
  rank: number;
  user: { id: string; name: string; image: string | null; store: { id: string; name: string } | null };
  points: number;
}

export interface PeopleBoard {
  scope: Scope;
  period: PeriodBounds;
  items: PersonRow[];
  me: { rank: number | null; points: number } | null;
}

export interface StoreRow {
  rank: number;
  store: { id: string; name: string; region: { id: string; name: string } | null };
  points: number;
  staff: number;
  perStaff: number;
}

export interface StoresBoard {
  scope: Exclude<Scope, 'store'>;
  period: PeriodBounds;
  items: StoreRow[];
  me: StoreRow | null;
}
