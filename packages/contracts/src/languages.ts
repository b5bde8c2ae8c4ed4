import { z } from 'zod';
import { languageCodes } from './language-codes.ts';

export { type LanguageCode, languageCodes, languageNames } from './language-codes.ts';

export const languageCode = z.enum(languageCodes);
