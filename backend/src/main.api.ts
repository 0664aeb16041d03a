import 'reflect-metadata';
import { loadConfigOrExit } from './config/app-config.js';
import { createApiApp } from './app/create-api-app.js';
import { closeOnSignals } from './app/shutdown.js';
import { paceGarbageCollection } from './app/heap-pacing.js';

paceGarbageCollection();

const config = loadConfigOrExit();
const app = await createApiApp(config);
closeOnSignals(app, { httpServer: app.getHttpServer() });
await app.listen({ port: config.server.port, host: config.server.host });
