/**
 * A private `redis-server` for tests that stop Redis: a free loopback port, no persistence, restartable on the
 * same port. Killed at `cleanup` or, failing that, when the test process exits.
 */
import { Waiting } from "@bookmark-library/testkit"
import { type ChildProcess, spawn } from "node:child_process"
import { connect } from "node:net"
import { freePort } from "./FreePort.js"
import { reap } from "./Reaper.js"

export interface PrivateRedis {
  readonly port: number
  readonly url: string
  readonly stop: () => Promise<void>
  readonly start: () => Promise<void>
  readonly cleanup: () => Promise<void>
}

/** Answers PING with PONG. */
const pong = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, "127.0.0.1")
    const done = (ok: boolean) => {
      socket.destroy()
      resolve(ok)
    }
    socket.setTimeout(500, () => done(false))
    socket.once("error", () => done(false))
    socket.once("connect", () => socket.write("PING\r\n"))
    socket.once("data", (data) => done(data.toString().startsWith("+PONG")))
  })

export const start = async (): Promise<PrivateRedis> => {
  const port = await freePort()
  let child: ChildProcess | undefined

  const up = async () => {
    const spawned = spawn("redis-server", [
      "--port",
      String(port),
      "--bind",
      "127.0.0.1",
      "--save",
      "",
      "--appendonly",
      "no",
      "--maxmemory-policy",
      "noeviction"
    ], { stdio: "ignore" })
    child = spawned
    reap(spawned)
    await Waiting.pollUntil("redis-server to answer (15 s)", async () => {
      if (await pong(port)) return true
      if (spawned.exitCode !== null) throw new Error(`redis-server exited with ${spawned.exitCode} (is it installed?)`)
      return false
    }, { timeoutMs: 15_000 })
  }
  const down = async () => {
    const running = child
    child = undefined
    if (running === undefined || running.exitCode !== null || running.signalCode !== null) return
    const gone = new Promise((resolve) => running.once("exit", resolve))
    running.kill("SIGKILL")
    await gone
  }

  await up()
  return { port, url: `redis://127.0.0.1:${port}`, stop: down, start: up, cleanup: down }
}
