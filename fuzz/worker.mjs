// A fuzz worker thread: loads TypeScript through tsx (a worker does not inherit the parent's loader), then the campaign.
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
