// One worker of `npm run fuzz`: runs its share of the campaign and posts progress and the result.
import { parentPort, workerData } from 'node:worker_threads';
import { runCampaign, type CampaignOptions } from './campaign.ts';

const result = runCampaign({ ...(workerData as CampaignOptions), onProgress: () => parentPort!.postMessage({ progress: 1000 }) });
parentPort!.postMessage({ result });
