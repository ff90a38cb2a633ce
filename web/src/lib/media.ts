// A media file as the staff APIs return it (galleries, the Learning tab, exams, articles).
export interface MediaSummary {
  id: string;
  url: string;
  kind: 'image' | 'video' | 'pdf';
  mime: string;
  width: number | null;
  height: number | null;
}
