import 'reflect-metadata';
import { loadConfigOrExit } from './config/app-config.js';
import { createWorkerApp } from './app/create-worker-app.js';
import { closeOnSignals } from './app/shutdown.js';

closeOnSignals(await createWorkerApp(loadConfigOrExit()));
