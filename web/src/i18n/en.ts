import enMain from './en.json';
import learningEn from './learning.en.json';
import engageEn from './engage.en.json';
import serverEn from './server.en.json';

// The user app's English catalog: its own chunk, fetched only when English is chosen (index.ts), so a phone
// in Thai, the default, never downloads it. Same files, same order as the Thai catalog in index.ts.
export const enCatalog = [enMain, learningEn, engageEn, serverEn] as Record<string, unknown>[];
