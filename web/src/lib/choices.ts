// What a choice of a question reads. A true/false question's two choices are the keys "true" and "false":
// the app names them in the reader's language (the server's text is Thai only, for exports); every other
// choice shows the text its editor wrote.
type Translate = (key: string) => string;

export interface ChoiceLike {
  id: string;
  text: string;
}

export function choiceText(kind: string | undefined, choice: ChoiceLike, t: Translate): string {
  if (kind === 'truefalse' && (choice.id === 'true' || choice.id === 'false')) return t(`choices.${choice.id}`);
  return choice.text;
}
