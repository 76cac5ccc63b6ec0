/** The console's answer schemas, loaded on the first call (zod stays out of its first load). */
import { lazyAnswers } from '../../lib/answers';

export const consoleAnswer = lazyAnswers(() => import('./console-answer-schemas'));
