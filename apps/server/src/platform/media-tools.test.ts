import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { findOnPath, MediaToolError, resolveMediaTools, runTool } from './media-tools.ts'

const scratch = mkdtempSync(path.join(tmpdir(), 'velvet-tools-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

function fakeBinary(folder: string, name: string): string {
  const file = path.join(folder, name)
  writeFileSync(file, '#!/bin/sh\necho fake\n')
  chmodSync(file, 0o755)
  return file
}

describe('resolveMediaTools', () => {
  it('prefers the configured paths, then PATH, then the npm packages', () => {
    const configured = mkdtempSync(path.join(scratch, 'configured-'))
    const onPath = mkdtempSync(path.join(scratch, 'path-'))
    const ffmpeg = fakeBinary(configured, 'my-ffmpeg')
    const ffprobe = fakeBinary(configured, 'my-ffprobe')
    fakeBinary(onPath, 'ffmpeg')
    fakeBinary(onPath, 'ffprobe')

    expect(resolveMediaTools({ ffmpegPath: ffmpeg, ffprobePath: ffprobe }, onPath)).toEqual({
      ffmpeg,
      ffprobe,
    })
    expect(resolveMediaTools({ ffmpegPath: undefined, ffprobePath: undefined }, onPath)).toEqual({
      ffmpeg: path.join(onPath, 'ffmpeg'),
      ffprobe: path.join(onPath, 'ffprobe'),
    })
    const fromPackages = resolveMediaTools({ ffmpegPath: undefined, ffprobePath: undefined }, '')
    expect(fromPackages.ffmpeg).toContain(`${path.sep}@ffmpeg-installer${path.sep}`)
    expect(fromPackages.ffprobe).toContain(`${path.sep}@ffprobe-installer${path.sep}`)
  })

  it('refuses a configured path that is not an executable', () => {
    expect(() =>
      resolveMediaTools({ ffmpegPath: path.join(scratch, 'nothing'), ffprobePath: undefined }, ''),
    ).toThrow(/not an executable/)
  })

  it('finds nothing on an empty PATH', () => {
    expect(findOnPath('ffmpeg', '')).toBeNull()
  })
})

describe('runTool', () => {
  const tools = resolveMediaTools({ ffmpegPath: undefined, ffprobePath: undefined })

  it('runs a binary with an argument array and answers its output', async () => {
    const { stdout } = await runTool(tools.ffprobe, ['-version'], { timeoutMs: 10_000 })
    expect(stdout).toMatch(/^ffprobe version/)
  })

  it('passes arguments verbatim, never through a shell', async () => {
    const marker = path.join(scratch, 'shell-ran')
    await expect(
      runTool(tools.ffprobe, ['-v', 'error', `missing; touch ${marker}`], { timeoutMs: 10_000 }),
    ).rejects.toBeInstanceOf(MediaToolError)
    expect(() => rmSync(marker)).toThrow()
  })

  it('kills a child that runs past its time limit', async () => {
    // An endless synthetic source: ffmpeg would run forever without the limit.
    const args = ['-hide_banner', '-re', '-f', 'lavfi', '-i', 'testsrc=size=64x48:rate=10', '-f', 'null', '-']
    const error = await runTool(tools.ffmpeg, args, { timeoutMs: 700 }).catch((e: unknown) => e)
    // runTool settles on the child's close event: reaching here means the killed process has exited.
    expect(error).toBeInstanceOf(MediaToolError)
    expect((error as MediaToolError).timedOut).toBe(true)
    expect((error as MediaToolError).message).toMatch(/timed out/)
  })

  it('kills a child when its job is cancelled', async () => {
    const controller = new AbortController()
    const args = ['-hide_banner', '-re', '-f', 'lavfi', '-i', 'testsrc=size=64x48:rate=10', '-f', 'null', '-']
    const running = runTool(tools.ffmpeg, args, { timeoutMs: 60_000, signal: controller.signal })
    setTimeout(() => controller.abort(), 300)
    await expect(running).rejects.toThrow(/cancelled/)
  })
})
