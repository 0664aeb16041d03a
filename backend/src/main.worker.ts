import 'reflect-metadata';
import { loadConfigOrExit } from './config/app-config.js';
import { createWorkerApp } from './app/create-worker-app.js';
import { closeOnSignals } from './app/shutdown.js';

// Listening for SIGTERM from the start: the queues take jobs before the start has finished.
const app = createWorkerApp(loadConfigOrExit());
closeOnSignals(app);
await app;
