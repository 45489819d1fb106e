import { listen } from '@kassa/service-kit';
import { buildGateway } from './app';
import { loadGatewayConfig } from './config';
import { liveFeed } from './live/live-feed';

const env = loadGatewayConfig();
const app = await buildGateway(env, { plugins: [liveFeed(env.REDIS_URL, env.QUEUE_PREFIX)] });
await listen(app, env.PORT, env.HOST === '127.0.0.1' ? '0.0.0.0' : env.HOST);
