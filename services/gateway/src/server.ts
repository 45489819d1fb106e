import { listen } from '@kassa/service-kit';
import { buildGateway } from './app';
import { loadGatewayConfig } from './config';

const env = loadGatewayConfig();
const app = await buildGateway(env);
await listen(app, env.PORT, env.HOST === '127.0.0.1' ? '0.0.0.0' : env.HOST);
