// Back office "ads": the kit's list and editor from the server's schema (columns include impressions, clicks
// and the click-through rate, drawn by the kit's percent format), plus the picture as a 16:9 thumbnail and
// publish / archive on every row.
import { PublishableList } from '../resources/PublishableList';
import { SlideThumb } from './SlideThumb';

const cells = { image: (v: unknown) => <SlideThumb id={v} /> };

export function AdsView() {
  return <PublishableList resource="ads" cells={cells} updatedColumn={false} />;
}
