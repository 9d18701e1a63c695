// Common and easily guessed passwords are refused at register, change and reset (decision 131): the
// zxcvbn-ts estimator with its maintained common-password and name lists; a score below 2 ("too guessable" or
// "very guessable", under about a million guesses) is refused. Loaded on first use, server-side only.
import { AppError } from '../http/app-error.js';

export const MIN_PASSWORD_SCORE = 2;

type Checker = (password: string, userInputs: string[]) => Promise<number>;
let checker: Promise<Checker> | undefined;

function loadChecker(): Promise<Checker> {
  checker ??= (async () => {
    const [{ ZxcvbnFactory }, common] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
    ]);
    const zxcvbn = new ZxcvbnFactory({ dictionary: { ...common.dictionary }, graphs: common.adjacencyGraphs });
    return async (password, userInputs) => (await zxcvbn.check(password, userInputs)).score;
  })();
  return checker;
}

/** Throws a 400 naming `field` with errors.passwordCommon when the password is common or easy to guess. */
export async function refuseCommonPassword(password: string, field: string, userInputs: string[] = []): Promise<void> {
  const score = await (await loadChecker())(password, userInputs.filter(Boolean));
  if (score < MIN_PASSWORD_SCORE) {
    throw new AppError(400, 'errors.validation', `${field}: this password is too common or too easy to guess`, {
      errors: { [field]: 'errors.passwordCommon' },
    });
  }
}
