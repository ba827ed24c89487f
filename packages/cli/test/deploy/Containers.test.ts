/**
 * The Dockerfile and compose.yaml, read by maintained parsers (no container engine runs here): the image's
 * structure, that every install step is deploy/install.sh, and that its health check really probes /health.
 */
import { DockerfileParser, Env, type Instruction, ModifiableInstruction } from "dockerfile-ast"
import { execFile } from "node:child_process"
import { readFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { parse } from "yaml"
import { freePort } from "../support/FreePort.js"
import * as Harness from "../support/Harness.js"

const root = fileURLToPath(new URL("../../../../", import.meta.url))
const read = (path: string) => readFileSync(`${root}${path}`, "utf8")

const dockerfile = DockerfileParser.parse(read("Dockerfile"))
const installScript = read("deploy/install.sh")
const args = (instruction: Instruction) => instruction.getArguments().map((a) => a.getValue())
const flags = (instruction: Instruction | undefined) =>
  instruction instanceof ModifiableInstruction
    ? instruction.getFlags().map((f) => ({ name: f.getName(), value: f.getValue() }))
    : []

/** The instructions of each stage, by stage name. */
const stages = new Map<string, Array<Instruction>>()
{
  let current: Array<Instruction> = []
  for (const instruction of dockerfile.getInstructions()) {
    if (instruction.getKeyword() === "FROM") {
      current = []
      stages.set(
        dockerfile.getFROMs().find((f) => f.getRange().start.line === instruction.getRange().start.line)
          ?.getBuildStage() ?? "",
        current
      )
    } else current.push(instruction)
  }
}
const stage = (name: string) => stages.get(name) ?? []
const inStage = (name: string, keyword: string) => stage(name).filter((i) => i.getKeyword() === keyword)
const finalStage = [...stages.keys()].at(-1) ?? ""

describe("Dockerfile", () => {
  it("builds in one stage and runs in another, both on Debian slim Node", () => {
    expect([...stages.keys()]).toEqual(["build", "runtime"])
    const base = dockerfile.getARGs().find((a) => a.getProperty()?.getName() === "NODE_IMAGE")?.getProperty()
      ?.getValue()
    expect(base).toMatch(/^node:(20|22|24)-(bookworm|trixie)-slim$/)
    expect(dockerfile.getFROMs().map((f) => f.getImageName())).toEqual(["${NODE_IMAGE}", "${NODE_IMAGE}"])
    expect(inStage("runtime", "COPY").some((c) => flags(c).some((f) => f.name === "from" && f.value === "build"))).toBe(
      true
    )
  })

  it("installs only through deploy/install.sh: the app in the build stage, the system in the runtime stage", () => {
    expect(inStage("build", "RUN").map(args)).toEqual([["deploy/install.sh", "app"]])
    const copied = inStage("runtime", "COPY").map(args).find(([source]) => source === "deploy/install.sh")
    expect(copied).toBeDefined()
    expect(inStage("runtime", "RUN").map(args)).toEqual([[copied?.[1], "system"]])
    expect(installScript).toMatch(/packages=\([^)]*\bchromium\b[^)]*\btini\b/)
  })

  it("runs as a non-root user that the install script creates, with its data in a volume", () => {
    const users = inStage(finalStage, "USER").map(args)
    expect(users).toHaveLength(1)
    const user = users[0]?.[0] ?? ""
    expect(["", "root", "0"]).not.toContain(user)
    expect(installScript).toContain(`user=${user}`)
    expect(installScript).toMatch(/useradd --uid "\$uid"/)
    const env = Object.fromEntries(
      inStage(finalStage, "ENV").flatMap((i) => (i instanceof Env ? i.getProperties() : [])).map((
        p
      ) => [p.getName(), p.getValue() ?? ""])
    )
    expect(env).toMatchObject({ DATA_DIR: "/data", HOST: "0.0.0.0", CHROMIUM_PATH: "/usr/bin/chromium" })
    const volumes = inStage(finalStage, "VOLUME").flatMap(args).join(" ")
    expect(volumes).toContain("/data")
    expect(inStage(finalStage, "EXPOSE").flatMap(args)).toEqual([env["PORT"]])
    expect(inStage(finalStage, "ENTRYPOINT").flatMap(args).join(" ")).toBe(
      "[\"tini\", \"--\", \"node\", \"dist/bookmarks.js\"]"
    )
    expect(inStage(finalStage, "CMD").flatMap(args).join(" ")).toBe("[\"start\"]")
  })

  describe("HEALTHCHECK", () => {
    const healthcheck = inStage(finalStage, "HEALTHCHECK")
    const command = JSON.parse(
      healthcheck[0]?.getArguments().slice(1).map((a) => a.getValue()).join(" ") ?? "[]"
    ) as Array<string>
    let service: Harness.Started
    beforeAll(async () => {
      service = await Harness.start({ roles: "api" })
    })
    afterAll(async () => {
      await service.stop()
      await service.storage.cleanup()
    })
    const probe = (port: string) =>
      new Promise<number>((resolve) => {
        const [file, ...rest] = command
        execFile(
          file === "node" ? process.execPath : file ?? "false",
          rest,
          { env: { PORT: port }, timeout: 10_000 },
          (error) => resolve(error === null ? 0 : typeof error.code === "number" ? error.code : -1)
        )
      })

    it("is one exec-form command with a start period", () => {
      expect(healthcheck).toHaveLength(1)
      expect(command[0]).toBe("node")
      expect(healthcheck[0]?.getArguments()[0]?.getValue()).toBe("CMD")
      expect(flags(healthcheck[0]).map((f) => f.name)).toContain("start-period")
    })

    it("passes against a running server's /health and fails where nothing listens", async () => {
      expect(await probe(new URL(service.baseUrl).port)).toBe(0)
      expect(await probe(String(await freePort()))).toBe(1)
    })
  })
})

interface Service {
  readonly build?: string
  readonly image?: string
  readonly command?: ReadonlyArray<string>
  readonly environment?: Record<string, string>
  readonly depends_on?: Record<string, { readonly condition: string }>
  readonly healthcheck?: { readonly test?: ReadonlyArray<string>; readonly disable?: boolean }
  readonly volumes?: ReadonlyArray<string>
  readonly ports?: ReadonlyArray<string>
  readonly configs?: ReadonlyArray<{ readonly source: string; readonly target: string }>
}

describe("compose.yaml", () => {
  const compose = parse(read("compose.yaml"), { merge: true }) as {
    services: Record<string, Service>
    volumes: Record<string, unknown>
    configs: Record<string, { readonly content: string }>
  }
  const { api, objects, postgres, redis, worker } = compose.services

  it("has the API, a worker, Postgres, Redis and object storage", () => {
    expect(Object.keys(compose.services).sort()).toEqual(["api", "objects", "postgres", "redis", "worker"])
  })

  it("keeps both processes' assets in one bucket of the S3-compatible service, with the key pair it knows", () => {
    for (const service of [api, worker]) {
      expect(service?.environment).toMatchObject({ ASSET_STORE: "s3", S3_BUCKET: "bookmark-assets" })
      expect(new URL(service?.environment?.["S3_ENDPOINT"] ?? "").hostname).toBe("objects")
      expect(service?.environment?.["S3_SECRET_ACCESS_KEY"]).toMatch(/^\$\{S3_SECRET_ACCESS_KEY:\?/)
      expect(service?.depends_on?.["objects"]).toBeDefined()
    }
    const port = new URL(api?.environment?.["S3_ENDPOINT"] ?? "").port
    expect(objects?.command).toContain(`-s3.port=${port}`)
    const identities = objects?.configs?.find((c) => objects.command?.includes(`-s3.config=${c.target}`))
    const content = compose.configs[identities?.source ?? ""]?.content ?? ""
    expect(content).toContain(`"accessKey": "${api?.environment?.["S3_ACCESS_KEY_ID"]}"`)
    expect(content).toContain(`"secretKey": "\${S3_SECRET_ACCESS_KEY:?`)
  })

  it("runs `serve` built from this Dockerfile on Postgres and Redis, once both are healthy", () => {
    expect(api?.build).toBe(".")
    expect(api?.command).toEqual(["serve"])
    expect(api?.ports).toEqual(["3000:3000"])
    expect(api?.environment?.["ADMIN_TOKEN"]).toMatch(/^\$\{ADMIN_TOKEN:\?/)
    expect(new URL(api?.environment?.["REDIS_URL"] ?? "").hostname).toBe("redis")
    expect(api?.depends_on).toEqual({
      postgres: { condition: "service_healthy" },
      redis: { condition: "service_healthy" },
      objects: { condition: "service_started" }
    })
  })

  it("runs `work` from the same image on the same database, without the HTTP health check", () => {
    expect(worker?.image).toBe(api?.image)
    expect(worker?.build).toBe(api?.build)
    expect(worker?.command).toEqual(["work"])
    expect(worker?.environment?.["DATABASE_URL"]).toBe(api?.environment?.["DATABASE_URL"])
    expect(worker?.healthcheck?.disable).toBe(true)
    expect(worker?.depends_on?.["postgres"]).toEqual({ condition: "service_healthy" })
  })

  it("gives Postgres the credentials the URL uses, Redis no eviction, and every volume a declaration", () => {
    const url = new URL(api?.environment?.["DATABASE_URL"] ?? "")
    expect(url.hostname).toBe("postgres")
    expect(postgres?.environment).toMatchObject({
      POSTGRES_USER: url.username,
      POSTGRES_PASSWORD: url.password,
      POSTGRES_DB: url.pathname.slice(1)
    })
    expect(postgres?.healthcheck?.test).toContain("pg_isready")
    expect(redis?.command?.join(" ")).toContain("--maxmemory-policy noeviction")
    expect(redis?.healthcheck?.test).toContain("ping")
    const named = Object.values(compose.services).flatMap((s) => s.volumes ?? []).map((v) => v.split(":")[0] ?? "")
    for (const volume of named) expect(Object.keys(compose.volumes)).toContain(volume)
  })

  it("passes the operator's metrics token and trace collector to both processes; the worker serves /metrics", () => {
    for (const service of [api, worker]) {
      expect(service?.environment?.["METRICS_TOKEN"]).toBe("${METRICS_TOKEN:-}")
      expect(service?.environment?.["OTEL_EXPORTER_OTLP_ENDPOINT"]).toBe("${OTEL_EXPORTER_OTLP_ENDPOINT:-}")
    }
    expect(Number(worker?.environment?.["METRICS_PORT"])).toBeGreaterThan(0)
    expect(api?.environment?.["OTEL_SERVICE_NAME"]).not.toBe(worker?.environment?.["OTEL_SERVICE_NAME"])
  })
})
