import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';
import { loadConfig } from '../../backend/src/config/app-config.js';
import { EnvSchema } from '../../backend/src/config/env.schema.js';
import { WORKER_HEARTBEAT_PREFIX } from '../../backend/src/modules/health/worker-heartbeat.js';
import { composeSchemaErrors, interpolate, loadCompose, parseDotenv, type ComposeService } from './support/compose.js';
import { dockerfileProblems, lastInstruction, parseStages, stageEnv } from './support/dockerfile.js';
import { schemaErrors, strictFieldErrors, type Manifest, type SourcedManifest } from './support/kubernetes.js';

const INFRA = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROOT = path.resolve(INFRA, '..');
const read = (relative: string) => fs.readFileSync(path.join(ROOT, relative), 'utf8');

const DOCKERFILE = read('infra/Dockerfile');
const TARGETS = ['api', 'worker', 'web', 'admin', 'varnish'];
const ENV_KEYS = Object.keys(EnvSchema.shape);

/** GET /<global prefix>/<health controller path>, derived from the backend's source. */
const HEALTH_PATH = (() => {
  const prefix = read('backend/src/app/create-api-app.ts').match(/setGlobalPrefix\('([^']+)'/)![1];
  const controller = read('backend/src/modules/health/health.controller.ts').match(/@Controller\('([^']+)'\)/)![1];
  return `/${prefix}/${controller}`;
})();

/** The API's port as its image sets it. */
const API_PORT = stageEnv(DOCKERFILE, 'api').PORT!;
const VCL = read('infra/varnish/default.vcl');
const VARNISH_START = read('infra/varnish/start.sh');
/** Varnish's listeners as its start script sets them: readers, and the API's purges. */
const VARNISH_HTTP_PORT = VARNISH_START.match(/HTTP_LISTEN="\$\{HTTP_LISTEN:-:(\d+)\}"/)![1]!;
const VARNISH_PURGE_PORT = VARNISH_START.match(/PURGE_LISTEN="\$\{PURGE_LISTEN:-:(\d+)\}"/)![1]!;

/** Loads a backend environment as the processes do; the configuration error's message when invalid. */
function configError(env: Record<string, string>): string | null {
  try {
    loadConfig(env);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('the Dockerfile', () => {
  it('builds every target from files in the build context, running as non-root with a health check', () => {
    expect(dockerfileProblems(DOCKERFILE, { contextDir: ROOT, ignoreFile: path.join(INFRA, 'Dockerfile.dockerignore'), targets: TARGETS })).toEqual([]);
  });

  it('finds what would break a build or make an unsafe image', () => {
    const broken = [
      'FROM node:24 AS build',
      'COPY no-such-file.txt ./',
      'COPY node_modules/ ./',
      'FROM node:24 AS api',
      'COPY --from=bulid /app /app',
      'CMD ["node", "x.js"]',
      'FROM node:24 AS worker',
      'USER root',
      'HEALTHCHECK CMD true',
      'FRMO nothing',
    ].join('\n');
    const problems = dockerfileProblems(broken, {
      contextDir: ROOT,
      ignoreFile: path.join(INFRA, 'Dockerfile.dockerignore'),
      targets: ['api', 'worker', 'web'],
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/line 10: .*FRMO/i),
        'line 2: COPY source no-such-file.txt does not exist in the build context',
        'line 3: COPY source node_modules/ is excluded by the ignore file',
        'line 5: COPY --from=bulid names no earlier stage',
        'target api runs as root (no USER, or USER root, in its stages)',
        'target api has no HEALTHCHECK',
        'target worker runs as root (no USER, or USER root, in its stages)',
        'target web is not a stage',
      ]),
    );
  });

  it('gives the API and the worker the commands and health checks of their processes', () => {
    expect(lastInstruction(DOCKERFILE, 'api', 'CMD')).toBe('["node", "dist/bundle/main.api.js"]');
    expect(lastInstruction(DOCKERFILE, 'worker', 'CMD')).toBe('["node", "dist/bundle/main.worker.js"]');
    expect(lastInstruction(DOCKERFILE, 'api', 'HEALTHCHECK')).toContain('CMD ["node", "healthcheck.mjs", "api"]');
    expect(lastInstruction(DOCKERFILE, 'worker', 'HEALTHCHECK')).toContain('CMD ["node", "healthcheck.mjs", "worker"]');
    for (const target of ['api', 'worker']) {
      const script = (JSON.parse(lastInstruction(DOCKERFILE, target, 'CMD')!) as string[])[1]!;
      // The build bundles src/<entry>.ts (through tsc's dist/<entry>.js) into dist/bundle/<entry>.js (backend/bundle.mjs).
      expect(script).toMatch(/^dist\/bundle\/main\.\w+\.js$/);
      expect(fs.existsSync(path.join(ROOT, 'backend', script.replace(/^dist\/bundle\//, 'src/').replace(/\.js$/, '.ts')))).toBe(true);
      expect(read('backend/bundle.mjs')).toContain(`'${path.basename(script)}'`);
    }
    const check = read('infra/docker/healthcheck.mjs');
    expect(check).toContain(`${HEALTH_PATH}\``);
    expect(check).toContain(`const WORKER_HEARTBEAT_PREFIX = '${WORKER_HEARTBEAT_PREFIX}';`);
    expect(stageEnv(DOCKERFILE, 'api')).toMatchObject({ NODE_ENV: 'production', SERVE_WEB: 'true', WEB_DIST_ROOT: '/app' });
  });

  it('passes every build-time frontend setting through to the frontend builds', () => {
    const shared = read('module-federation.shared.js');
    const names = [...shared.slice(shared.indexOf('PUBLIC_ENV_DEFINES')).matchAll(/'(PUBLIC_[A-Z0-9_]+)'/g)].map((match) => match[1]!);
    expect(names).toContain('PUBLIC_API_ORIGIN');
    const webBuild = parseStages(DOCKERFILE).find((stage) => stage.name === 'web-build')!;
    const declared = (keyword: string) =>
      webBuild.instructions
        .filter((i) => i.getKeyword() === keyword)
        .map((i) => i.getArgumentsContent() ?? '')
        .join('\n');
    for (const name of names) {
      expect(declared('ARG')).toMatch(new RegExp(`^${name}=`, 'm'));
      expect(stageEnv(DOCKERFILE, 'web-build')[name]).toBe(`\${${name}}`);
    }
    expect(declared('RUN')).toContain('npm run build -w @ai-mind/shell -w @ai-mind/public-site -w @ai-mind/admin-app');
  });

  it.each([
    ['web', 'infra/nginx/web.conf.template'],
    ['admin', 'infra/nginx/admin.conf.template'],
  ])('the %s image defines every variable its nginx template uses, and serves /healthz for its health check', (target, template) => {
    const config = read(template);
    // Set by the nginx image's entrypoint when NGINX_ENTRYPOINT_LOCAL_RESOLVERS is set.
    const provided = {
      ...stageEnv(DOCKERFILE, target),
      ...(stageEnv(DOCKERFILE, target).NGINX_ENTRYPOINT_LOCAL_RESOLVERS ? { NGINX_LOCAL_RESOLVERS: '' } : {}),
    };
    const used = [...config.matchAll(/\$\{([A-Z_][A-Z0-9_]*)\}/g)].map((match) => match[1]!);
    expect(used.filter((name) => !(name in provided))).toEqual([]);
    expect(config).toMatch(/location = \/healthz \{/);
    expect(lastInstruction(DOCKERFILE, target, 'HEALTHCHECK')).toContain('http://127.0.0.1:8080/healthz');
    expect(config).toContain('listen 8080;');
    expect(config.split('{').length).toBe(config.split('}').length);
  });

  it('the web image proxies the API, media, feeds and page HTML to the API, and serves the bundles itself', () => {
    const config = read('infra/nginx/web.conf.template');
    for (const location of [
      'location /api/ {',
      'location /media/ {',
      'location ~ ^/(sitemap\\.xml|rss\\.xml|robots\\.txt)$ {',
      'location @page {',
      'location @api {',
    ]) {
      const block = config.slice(config.indexOf(location));
      expect(block.slice(0, block.indexOf('}'))).toContain('proxy_pass $api;');
    }
    expect(config).toContain('set $api http://${API_UPSTREAM};');
    // Where the API serves each build (backend/src/modules/web/web-assets.ts) is where nginx has it.
    const webApps = read('backend/src/modules/web/web-assets.ts');
    for (const [dir, prefix] of [
      ['shell/dist/static', '/static/'],
      ['public-site/dist', '/remotes/public/'],
      ['admin-app/dist', '/remotes/admin/'],
    ]) {
      expect(webApps).toContain(`{ dir: '${dir}', prefix: '${prefix}' }`);
    }
    // The shell's build goes to the root, which puts its bundles under /static/ as the API has them.
    for (const [dir, target] of [
      ['shell/dist', ''],
      ['public-site/dist', '/remotes/public'],
      ['admin-app/dist', '/remotes/admin'],
    ]) {
      expect(DOCKERFILE).toContain(`COPY --from=web-build /app/${dir} /usr/share/nginx/html${target}\n`);
    }
  });
});

describe('timeouts in front of the API', () => {
  it('outlast the longest call the API may hold open (recovery waits 4 x JOB_WAIT_TIMEOUT_MS for its job)', () => {
    const factor = Number(read('backend/src/modules/recovery/recovery.service.ts').match(/RECOVERY_WAIT_FACTOR = (\d+)/)![1]);
    const longestSeconds = (factor * (EnvSchema.shape.JOB_WAIT_TIMEOUT_MS.parse(undefined) as number)) / 1000;
    const nginxSeconds = Number(read('infra/nginx/web.conf.template').match(/proxy_read_timeout (\d+)s;/)![1]);
    const varnishSeconds = Number(VARNISH_START.match(/\.first_byte_timeout = (\d+)s;/)![1]);
    expect(varnishSeconds).toBeGreaterThan(longestSeconds);
    const ingress = parseAllDocuments(read('infra/k8s/ingress.yaml'))[0]!.toJS() as Manifest & { metadata: { annotations: Record<string, string> } };
    expect(nginxSeconds).toBeGreaterThan(longestSeconds);
    expect(Number(ingress.metadata.annotations['nginx.ingress.kubernetes.io/proxy-read-timeout'])).toBeGreaterThan(longestSeconds);
  });
});

describe('the compose file', () => {
  const text = read('infra/compose.yaml');
  const variables = parseDotenv(read('infra/.env.example'));
  const compose = loadCompose(text, variables);
  const services = compose.services;

  it('is valid against the Compose Specification once interpolated with infra/.env.example', () => {
    expect(composeSchemaErrors(compose)).toEqual([]);
  });

  it('rejects what the Compose Specification does not allow', () => {
    const broken = structuredClone(compose) as unknown as { services: Record<string, Record<string, unknown>> };
    broken.services.api!.imagee = 'typo';
    broken.services.worker!.depends_on = 'redis';
    expect(composeSchemaErrors(broken)).toEqual(
      expect.arrayContaining(['/services/api: must NOT have additional properties (imagee)', '/services/worker/depends_on: must be array']),
    );
  });

  it('refuses to start without the passwords', () => {
    const { POSTGRES_PASSWORD: _unset, ...withoutPassword } = variables;
    expect(() => loadCompose(text, withoutPassword)).toThrow('required variable POSTGRES_PASSWORD is missing a value: set POSTGRES_PASSWORD in infra/.env');
  });

  it('runs PostgreSQL, Redis with an append-only file, one-shot migrations, 2 APIs, 2 workers, Varnish in front of them and nginx in front of it', () => {
    expect(Object.keys(services)).toEqual(expect.arrayContaining(['postgres', 'redis', 'migrate', 'api', 'worker', 'varnish', 'web']));
    expect(services.redis!.command).toEqual(expect.arrayContaining(['--appendonly', 'yes', '--maxmemory', '512mb', '--maxmemory-policy', 'noeviction']));
    expect(services.redis!.volumes).toContain('redis:/data');
    expect(services.postgres!.volumes).toContain('postgres:/var/lib/postgresql');
    expect(Number(services.api!.deploy!.replicas)).toBe(2);
    expect(Number(services.worker!.deploy!.replicas)).toBe(2);
    expect(services.migrate!.command).toEqual(['node', 'dist/bundle/main.cli.js', 'migrate']);
    for (const name of ['api', 'worker']) {
      expect(services[name]!.depends_on).toMatchObject({
        migrate: { condition: 'service_completed_successfully' },
        postgres: { condition: 'service_healthy' },
        redis: { condition: 'service_healthy' },
      });
      // Images written by one process are served by another: one shared volume.
      expect(services[name]!.volumes).toContain('media:/data/media');
    }
    expect(services.web!.depends_on).toMatchObject({ varnish: { condition: 'service_healthy' } });
    expect(services.web!.environment!.API_UPSTREAM).toBe(`varnish:${VARNISH_HTTP_PORT}`);
    expect(services.web!.ports).toEqual(['8080:8080']);
    // Varnish reaches the API replicas, and the APIs purge it on its purge listener, which no port publishes.
    expect(services.varnish!.depends_on).toMatchObject({ api: { condition: 'service_healthy' } });
    expect(services.varnish!.environment).toMatchObject({ API_HOST: 'api', API_PORT });
    expect(services.varnish!.ports).toBeUndefined();
    expect(services.api!.environment!.HTTP_CACHE_PURGE_URLS).toBe(`http://varnish:${VARNISH_PURGE_PORT}`);
  });

  it('builds each service from a target of the Dockerfile, with the migrations sharing the API image', () => {
    const stageNames = parseStages(DOCKERFILE).map((stage) => stage.name);
    for (const [name, service] of Object.entries(services).filter(([, s]) => s.build)) {
      expect(path.resolve(INFRA, service.build!.context, service.build!.dockerfile!)).toBe(path.join(INFRA, 'Dockerfile'));
      expect(stageNames).toContain(service.build!.target);
      expect(`${name}:${service.build!.target}`).toMatch(/^(migrate:api|api:api|worker:worker|web:web|admin:admin|varnish:varnish)$/);
    }
    expect(services.migrate!.image).toBe(services.api!.image);
  });

  it.each(['api', 'worker', 'migrate'])('gives %s a backend configuration that loads, naming only variables the backend reads', (name) => {
    const service = services[name] as ComposeService;
    const target = service.build!.target!;
    const backendEnv = parseDotenv(read('infra/backend.env.example'));
    const env = { ...stageEnv(DOCKERFILE, target), ...backendEnv, ...service.environment };
    expect(configError(env)).toBeNull();
    expect(env.NODE_ENV).toBe('production');
    expect([...Object.keys(backendEnv), ...Object.keys(service.environment!)].filter((key) => !ENV_KEYS.includes(key))).toEqual([]);
    expect(service.env_file).toEqual([{ path: './backend.env', required: false }]);
  });
});

describe('the Kubernetes manifests', () => {
  const files = fs.readdirSync(path.join(INFRA, 'k8s')).filter((file) => file.endsWith('.yaml') && file !== 'kustomization.yaml');
  const manifests: SourcedManifest[] = files.flatMap((file) =>
    parseAllDocuments(fs.readFileSync(path.join(INFRA, 'k8s', file), 'utf8')).map((document) => {
      if (document.errors.length) throw new Error(`${file}: ${document.errors.map((e) => e.message).join('; ')}`);
      return { file, manifest: document.toJS() as Manifest };
    }),
  );
  const all = manifests.map((m) => m.manifest);
  const find = (kind: string, name: string) => all.find((m) => m.kind === kind && m.metadata.name === name);
  const deployments = all.filter((m) => m.kind === 'Deployment');
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const containerOf = (deployment: Manifest): any => deployment.spec.template.spec.containers[0];

  it('are valid against the Kubernetes API schemas', async () => {
    expect(manifests.length).toBeGreaterThanOrEqual(15);
    expect(await schemaErrors(manifests)).toEqual([]);
  });

  it('use no field the Kubernetes API does not define', () => {
    expect(strictFieldErrors(manifests, INFRA)).toEqual([]);
  }, 30_000);

  it('reject a manifest with a wrong type or a misspelt field', async () => {
    const api = structuredClone(find('Deployment', 'ai-mind-api')!);
    api.spec.replicas = 'two';
    const container = containerOf(api);
    container.livenessprobe = container.livenessProbe;
    delete container.livenessProbe;
    const broken = [{ file: 'broken.yaml', manifest: api }];
    expect(await schemaErrors(broken)).toEqual([expect.stringMatching(/^broken\.yaml Deployment\/ai-mind-api: .*spec\/replicas must be integer/)]);
    expect(strictFieldErrors(broken, INFRA)).toEqual(
      expect.arrayContaining([
        expect.stringContaining("Type 'string' is not assignable to type 'number'"),
        expect.stringContaining("livenessprobe\"' does not exist in type 'IContainer'"),
      ]),
    );
  }, 30_000);

  it('run Deployments for the API, the workers, the shared cache and the web bundle, with HPAs for the API and workers and a PDB for each', () => {
    for (const name of ['ai-mind-api', 'ai-mind-worker', 'ai-mind-varnish', 'ai-mind-web']) {
      const deployment = find('Deployment', name)!;
      expect(deployment).toBeDefined();
      expect(deployment.spec.replicas).toBeGreaterThanOrEqual(2);
      const pdb = all.find((m) => m.kind === 'PodDisruptionBudget' && matches(m.spec.selector.matchLabels, deployment.spec.template.metadata.labels));
      expect(pdb).toBeDefined();
    }
    for (const name of ['ai-mind-api', 'ai-mind-worker']) {
      const hpa = find('HorizontalPodAutoscaler', name)!;
      expect(hpa.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name });
      expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(2);
    }
    const job = find('Job', 'ai-mind-migrate')!;
    expect(job.spec.template.spec.containers[0].command).toEqual(['node', 'dist/bundle/main.cli.js', 'migrate']);
    expect(read('backend/src/main.cli.ts')).toMatch(/^\s+async migrate\(/m);
  });

  it('probe the real health endpoints', () => {
    const api = containerOf(find('Deployment', 'ai-mind-api')!);
    const port = api.ports.find((p: { containerPort: number }) => String(p.containerPort) === API_PORT).name;
    for (const probe of ['startupProbe', 'readinessProbe', 'livenessProbe']) expect(api[probe].httpGet).toEqual({ path: HEALTH_PATH, port });
    const worker = containerOf(find('Deployment', 'ai-mind-worker')!);
    expect(worker.readinessProbe.exec.command).toEqual(['node', 'healthcheck.mjs', 'worker', '--ready']);
    expect(worker.livenessProbe.exec.command).toEqual(['node', 'healthcheck.mjs', 'worker']);
    for (const name of ['ai-mind-web', 'ai-mind-admin']) {
      const container = containerOf(find('Deployment', name)!);
      for (const probe of ['readinessProbe', 'livenessProbe']) expect(container[probe].httpGet.path).toBe('/healthz');
    }
    // Pods run as the user their image runs as.
    expect(find('Deployment', 'ai-mind-api')!.spec.template.spec.securityContext.runAsUser).toBe(1000);
    expect(find('Deployment', 'ai-mind-web')!.spec.template.spec.securityContext.runAsUser).toBe(Number(lastInstruction(DOCKERFILE, 'web', 'USER')));
    expect(`${find('Deployment', 'ai-mind-varnish')!.spec.template.spec.securityContext.runAsUser}:10101`).toBe(lastInstruction(DOCKERFILE, 'varnish', 'USER'));
    expect(containerOf(find('Deployment', 'ai-mind-varnish')!).livenessProbe.exec.command).toEqual(
      JSON.parse(lastInstruction(DOCKERFILE, 'varnish', 'HEALTHCHECK')!.replace(/^.*CMD /, '')),
    );
  });

  it('wire Services, Ingresses, volumes and configuration to objects that exist', () => {
    for (const service of all.filter((m) => m.kind === 'Service')) {
      const target = deployments.find((d) => matches(service.spec.selector, d.spec.template.metadata.labels));
      expect(target).toBeDefined();
      const portNames = containerOf(target!).ports.map((p: { name: string }) => p.name);
      for (const port of service.spec.ports) expect(portNames).toContain(port.targetPort);
    }
    for (const ingress of all.filter((m) => m.kind === 'Ingress')) {
      for (const rule of ingress.spec.rules) {
        for (const { backend } of rule.http.paths) {
          const service = find('Service', backend.service.name);
          expect(service?.spec.ports.map((p: { name: string }) => p.name)).toContain(backend.service.port.name);
        }
      }
    }
    for (const workload of [...deployments, find('Job', 'ai-mind-migrate')!]) {
      const pod = workload.spec.template.spec;
      for (const volume of pod.volumes ?? [])
        if (volume.persistentVolumeClaim) expect(find('PersistentVolumeClaim', volume.persistentVolumeClaim.claimName)).toBeDefined();
      for (const source of pod.containers[0].envFrom ?? []) {
        if (source.configMapRef) expect(find('ConfigMap', source.configMapRef.name)).toBeDefined();
        if (source.secretRef) expect(find('Secret', source.secretRef.name)).toBeDefined();
      }
    }
    // Readers: ingress -> nginx -> Varnish -> the API, each by its Service's cluster name and port.
    const envOf = (deployment: string) =>
      Object.fromEntries(containerOf(find('Deployment', deployment)!).env.map((e: { name: string; value: string }) => [e.name, e.value]));
    const serviceAt = (host: string, port: string, name: string) => {
      const service = find('Service', name)!;
      expect(host).toBe(`${name}.${service.metadata.namespace}.svc.cluster.local`);
      expect(service.spec.ports.map((p: { port: number }) => String(p.port))).toContain(port);
      return service;
    };
    const [webHost, webPort] = (envOf('ai-mind-web').API_UPSTREAM as string).split(':');
    const cache = serviceAt(webHost!, webPort!, 'ai-mind-varnish');
    expect(cache.spec.ports.find((p: { port: number }) => String(p.port) === webPort).targetPort).toBe('http');
    const varnish = containerOf(find('Deployment', 'ai-mind-varnish')!);
    expect(varnish.ports.map((p: { name: string; containerPort: number }) => `${p.name}:${p.containerPort}`)).toEqual([
      `http:${VARNISH_HTTP_PORT}`,
      `purge:${VARNISH_PURGE_PORT}`,
    ]);
    serviceAt(envOf('ai-mind-varnish').API_HOST, envOf('ai-mind-varnish').API_PORT, 'ai-mind-api');
    // The APIs purge every Varnish pod: a headless Service, whose name resolves to each pod.
    const purge = new URL(find('ConfigMap', 'ai-mind-config')!.data!.HTTP_CACHE_PURGE_URLS!);
    expect(purge.protocol).toBe('xkey:');
    const purgeService = serviceAt(purge.hostname, purge.port, 'ai-mind-varnish-purge');
    expect(purgeService.spec.clusterIP).toBe('None');
    // Only the API pods may send purges; no Ingress routes to Varnish.
    const policy = find('NetworkPolicy', 'ai-mind-varnish')!;
    expect(policy.spec.ingress.find((rule: { ports: { port: string }[] }) => rule.ports.some((p) => p.port === 'purge')).from).toEqual([
      { podSelector: { matchLabels: find('Deployment', 'ai-mind-api')!.spec.template.metadata.labels } },
    ]);
  });

  it('give every backend process a configuration that loads, naming only variables the backend reads', () => {
    const config = find('ConfigMap', 'ai-mind-config')!.data!;
    const secret = find('Secret', 'ai-mind-secrets')!.stringData!;
    for (const target of ['api', 'worker']) expect(configError({ ...stageEnv(DOCKERFILE, target), ...config, ...secret })).toBeNull();
    expect([...Object.keys(config), ...Object.keys(secret)].filter((key) => !ENV_KEYS.includes(key))).toEqual([]);
    // Variables without a default must come from the ConfigMap or the Secret.
    const required = ENV_KEYS.filter((key) => !EnvSchema.shape[key as keyof typeof EnvSchema.shape].safeParse(undefined).success);
    expect(required.filter((key) => !(key in config) && !(key in secret))).toEqual([]);
  });

  it('are all listed in the kustomization, except the ones applied on their own', () => {
    const kustomization = parseAllDocuments(fs.readFileSync(path.join(INFRA, 'k8s/kustomization.yaml'), 'utf8'))[0]!.toJS() as {
      resources: string[];
      images: { name: string }[];
    };
    expect([...kustomization.resources].sort()).toEqual(
      files.filter((file) => !['secret.example.yaml', 'migrate-job.yaml', 'admin.yaml'].includes(file)).sort(),
    );
    const images = new Set(deployments.map((d) => containerOf(d).image.split(':')[0]));
    for (const { name } of kustomization.images) expect(images).toContain(name);
  });
});

describe('the shared cache (infra/varnish)', () => {
  /** Runs start.sh --check: the VCL with the backends the script writes, compiled by varnishd. */
  function compile(vclDir: string) {
    const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ai-mind-vcl-'));
    const result = spawnSync('sh', [path.join(INFRA, 'varnish/start.sh'), '--check', '-j', 'none'], {
      encoding: 'utf8',
      env: { ...process.env, PATH: `${process.env.PATH}:/usr/sbin`, API_HOST: '127.0.0.1', API_PORT: '3000', VARNISH_WORKDIR: workDir, VCL_DIR: vclDir },
    });
    fs.rmSync(workDir, { recursive: true, force: true });
    return result;
  }

  it('compiles with vmod_xkey, with the backends its start script writes', () => {
    const result = compile(path.join(INFRA, 'varnish'));
    expect(result.stderr.match(/Message from VCC-compiler:[\s\S]*/)?.[0] ?? '').toBe('');
    expect(result.status).toBe(0);
  });

  it('fails to compile a VCL that names something it does not define', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ai-mind-bad-vcl-'));
    fs.writeFileSync(path.join(dir, 'default.vcl'), VCL.replace('probe api_health {', 'probe api_healthy {'));
    const result = compile(dir);
    fs.rmSync(dir, { recursive: true, force: true });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain("Symbol not found: 'api_health'");
  });

  it('takes purges only on the purge listener from the API network, and passes admin, cookies and credentials straight through', () => {
    expect(VCL).toMatch(/if \(local\.socket == "purge"\) \{\s+if \(req\.method != "PURGE" \|\| client\.ip !~ api_network\) \{\s+return \(synth\(403/);
    expect(VCL).toContain('set req.http.x-purged = xkey.purge(req.http.xkey-purge);');
    expect(VARNISH_START).toContain('-a "http=$HTTP_LISTEN" -a "purge=$PURGE_LISTEN"');
    for (const pass of ['req.url ~ "^/api/admin(/|\\?|$)"', 'req.url ~ "^/admin(/|\\?|$)"', 'if (req.http.Cookie || req.http.Authorization) {'])
      expect(VCL).toContain(pass);
    // Keys and the shared lifetime never reach a browser; only answers that name keys are kept.
    expect(VCL).toContain('set beresp.http.xkey = beresp.http.Surrogate-Key;');
    expect(VCL).toContain('unset resp.http.Surrogate-Key;');
  });

  it('names the header the API sends its keys in', () => {
    expect(read('backend/src/common/surrogate-keys.ts')).toContain(`export const SURROGATE_KEY_HEADER = 'surrogate-key';`);
  });
});

describe('the operations guide', () => {
  const guide = read('infra/README.md');

  it('documents every environment variable of the backend', () => {
    expect(ENV_KEYS.filter((key) => !guide.includes(`\`${key}\``))).toEqual([]);
  });

  it('documents every command of the ops CLI', () => {
    const usage = read('backend/src/main.cli.ts').match(/Commands:\n([\s\S]*?)`/)![1]!;
    const commands = [...usage.matchAll(/^ {2}([a-z][a-z:-]+)/gm)].map((match) => match[1]!);
    expect(commands.length).toBeGreaterThan(0);
    expect(commands.filter((command) => !guide.includes(`main.cli.js ${command}`))).toEqual([]);
  });
});

function matches(selector: Record<string, string>, labels: Record<string, string>): boolean {
  return Object.entries(selector).every(([key, value]) => labels[key] === value);
}

// Interpolation is what `docker compose config` does first; keep it honest too.
describe('compose interpolation', () => {
  it('follows the Compose rules for defaults, required values and escapes', () => {
    const vars = { SET: 'x', EMPTY: '' };
    expect(interpolate(['${SET}', '${UNSET:-d}', '${EMPTY:-d}', '${EMPTY-d}', '$$SET', '$SET-${UNSET}'], vars)).toEqual(['x', 'd', 'd', '', '$SET', 'x-']);
    expect(() => interpolate('${EMPTY:?needed}', vars)).toThrow('required variable EMPTY is missing a value: needed');
  });
});
