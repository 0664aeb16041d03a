import { Global, Inject, Module, type DynamicModule } from '@nestjs/common';
import type { ModuleRef } from '@nestjs/core';
import type { AppConfig, SliceName } from './app-config.js';

/** The slice of the configuration a module reads (settings.ts declares which settings it holds). */
export type ConfigSlice<N extends SliceName> = AppConfig[N];

/** Injection token of one slice of the validated configuration. */
export function configToken(name: SliceName): string {
  return `config:${name}`;
}

/** Injects a module's own slice of the configuration: `@InjectConfig('newsletter') private readonly config: ConfigSlice<'newsletter'>`. */
export const InjectConfig = (name: SliceName) => Inject(configToken(name));

@Global()
@Module({})
export class ConfigModule {
  static forRoot(config: AppConfig): DynamicModule {
    const providers = (Object.keys(config) as SliceName[]).map((name) => ({ provide: configToken(name), useValue: config[name] }));
    return { module: ConfigModule, providers, exports: providers.map((provider) => provider.provide) };
  }
}

/**
 * Reads a slice by name: for the queue machinery, which applies each module's own declarations (a
 * processor's concurrency, a job's retries) with that module's slice.
 */
export type ConfigReader = <N extends SliceName>(name: N) => ConfigSlice<N>;

export function configReader(moduleRef: ModuleRef): ConfigReader {
  return (name) => moduleRef.get(configToken(name), { strict: false });
}

/** The same over a loaded config (tests, and code that holds the whole config). */
export function configReaderOf(config: AppConfig): ConfigReader {
  return (name) => config[name];
}
