// The members club's shapes that the staff app and the back office both read (docs/API.md "Members club").

/** A delivery address, as a redemption carries it. */
export interface Address {
  name: string;
  phone: string;
  line1: string;
  line2?: string | null;
  district: string;
  province: string;
  postcode: string;
}
