// The staff forms API's shapes (docs/API.md "Forms (issue 16 …)", Staff).
export type FormQuestionKind = 'short_text' | 'long_text' | 'number' | 'date' | 'single' | 'multiple' | 'file';

export interface FormQuestion {
  id: string;
  kind: FormQuestionKind;
  text: string;
  help: string | null;
  required: boolean;
  options: string[];
  maxChoices: number | null;
  minValue: number | null;
  maxValue: number | null;
}

export interface UploadedFile {
  id: string;
  name: string;
  mime: string;
  bytes: number;
}

/** What the page holds per question: option index(es), text (numbers as typed), or an uploaded file. */
export type FormValue = number | number[] | string | UploadedFile;
export type FormValues = Record<string, FormValue>;

export interface StaffForm {
  id: string;
  title: string;
  description: string | null;
  endAt: string | null;
  multipleSubmissions: boolean;
  mySubmissions: number;
  canSubmit: boolean;
  questions: FormQuestion[];
}

export interface FormListItem {
  id: string;
  title: string;
  description: string | null;
  endAt: string | null;
  questionsCount: number;
  multipleSubmissions: boolean;
  mySubmissions: number;
  canSubmit: boolean;
}
