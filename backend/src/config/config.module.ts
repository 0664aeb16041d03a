import { Global, Inject, Module, type DynamicModule } from '@nestjs/common';
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
