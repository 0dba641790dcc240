/**
 * The shared schema modules a first paint parses its answers with, loaded one module per task.
 * A single import() of a schema module evaluates zod and every schema module it imports in one
 * task, and building zod's schemas is most of that (the rides' schemas with their imports: one
 * task of 100 to 160 ms at Lighthouse's 4x slower CPU); imported in the order they import each
 * other, each is a task of its own, none long (docs/decisions/web-code-splitting.md). The files
 * still download side by side within a step; the steps cost a round trip each, while the answer
 * they parse is on its way.
 */
type Step = () => Promise<unknown>;

const importZod: Step = () => import('zod');
const importCommon: Step = () => import('@carpool/shared/schemas/common');
const importUsers: Step = () => import('@carpool/shared/schemas/users');
const importMessages: Step = () => import('@carpool/shared/schemas/messages');

function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * `load` after the modules of each step, a step at a time; the modules of one step (which do not
 * import each other) load side by side and are evaluated as each arrives. Loaded once: later calls
 * get the same module at once. A failure is not kept, so a later call tries again.
 */
function inTurn<T>(steps: readonly (readonly Step[])[], load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= (async () => {
      for (const step of steps) {
        await Promise.all(step.map((each) => each()));
        await nextTask();
      }
      return load();
    })().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}

export const importRideSchemas = inTurn([[importZod], [importCommon, importUsers, importMessages]], () => import('@carpool/shared/schemas/rides'));

export const importAuthSchemas = inTurn([[importZod], [importUsers]], () => import('@carpool/shared/schemas/auth'));

export const importRideRequestSchemas = inTurn([[importRideSchemas]], () => import('@carpool/shared/schemas/ride-requests'));
