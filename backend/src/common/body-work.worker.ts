// The body-work thread (see bodyWorkThread in worker-pool.ts): each job names its task module, loaded once.
import { serveJobs, type BodyJob } from './worker-pool.js';

type Work = (input: unknown) => unknown;
const tasks = new Map<string, Promise<Work>>();

function task(script: string): Promise<Work> {
  let work = tasks.get(script);
  if (!work) {
    work = import(script).then((module: { default: Work }) => module.default);
    tasks.set(script, work);
  }
  return work;
}

serveJobs(async ({ task: script, input }: BodyJob) => (await task(script))(input));
