// Work for a whole audience (a mandatory course's notices) is written by a background job after the save
// answers (issue 33, jobs/audience_jobs.hpp): tests that read its results wait for the jobs to finish.
import { dbQuery } from './dbquery.mjs';
import { waitFor } from './realtime.mjs';

export const jobsWaiting = async (server) => Number((await dbQuery(server, 'SELECT COUNT(*) FROM audience_jobs'))[0][0]);

/** Resolves once no audience job is waiting (every one started has finished); fails after timeoutMs. */
export const audienceJobsDone = (server, timeoutMs = 30_000) =>
  waitFor(async () => (await jobsWaiting(server)) === 0, 'the audience jobs to finish', timeoutMs);
