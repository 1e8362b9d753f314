/** Test helper: what a promise rejects with, for asserting on errors that cross a thread. */

/** Rejects with what `promise` rejects with, or fails the test when it resolves. */
export async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection, got an answer');
}
