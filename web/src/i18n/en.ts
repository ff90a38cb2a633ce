import enMain from './en.json';
import learningEn from './learning.en.json';
import engageEn from './engage.en.json';

// The user app's English catalog: its own chunk, fetched only when English is chosen (index.ts), so a phone
// in Thai, the default, never downloads it. Same files, same order as the Thai catalog in index.ts (the server's
// messages are a chunk of their own: index.ts loadServerMessages).
export const enCatalog = [enMain, learningEn, engageEn] as Record<string, unknown>[];
