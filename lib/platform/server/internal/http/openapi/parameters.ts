import { z } from 'zod';

// Path and query parameters several routes share, described for the document.

function idParams(description: string, example?: string) {
  return z.object({ id: z.string().meta({ description, ...(example && { example }) }) });
}

/** What a path's `{id}` can name (a contract's `pathId`), with the parameter that describes it. */
export const PATH_ID_PARAMS = {
  dispatch: idParams('The dispatch id returned on creation', 'dsp_0mwr98c0p00008fw982zke'),
  delivery: idParams('The delivery id (`whd_…`)', 'whd_3f1c2a9e5b7d4e8fa0c6b2d1e9f7a3c5'),
  account: idParams('The account id', 'acc_7Hq2Lm9XzPb4Nc8Rk3WvTa'),
  driver: idParams('The driver id'),
  fleet: idParams('The fleet id'),
};

export type PathIdRecord = keyof typeof PATH_ID_PARAMS;

/** `limit` of the dispatch lists. */
