import { Media, MediaTexts } from '@velvet/contract'
import { describe, expect, it } from 'vitest'
import { acceptFiles, checkFile, mimeOf } from './file-rules.ts'

describe('checkFile', () => {
  it('accepts the contract’s photo and video types within their size limits', () => {
    expect(checkFile({ name: 'a.jpg', type: 'image/jpeg', size: 10 })).toEqual({
      ok: true,
      kind: 'image',
      mime: 'image/jpeg',
    })
    expect(checkFile({ name: 'a.mov', type: 'video/quicktime', size: Media.videoMaxBytes })).toMatchObject({
      ok: true,
      kind: 'video',
    })
  })

  it('names a type the browser left blank from the extension', () => {
    expect(mimeOf({ name: 'clip.MKV', type: '' })).toBe('video/x-matroska')
    expect(mimeOf({ name: 'notes', type: '' })).toBe('')
    expect(checkFile({ name: 'clip.mkv', type: '', size: 5 })).toMatchObject({ ok: true, kind: 'video' })
  })

  it('refuses other types, empty files and files over the limit, in the contract’s words', () => {
    expect(checkFile({ name: 'a.pdf', type: 'application/pdf', size: 5 })).toEqual({
      ok: false,
      message: MediaTexts.unsupportedType,
    })
    expect(checkFile({ name: 'a.png', type: 'image/png', size: 0 })).toEqual({
      ok: false,
      message: MediaTexts.empty,
    })
    expect(checkFile({ name: 'a.png', type: 'image/png', size: Media.imageMaxBytes + 1 })).toEqual({
      ok: false,
      message: MediaTexts.tooLarge('image'),
    })
    expect(MediaTexts.tooLarge('image')).toBe('This photo is too large: 50 MB at most.')
    expect(MediaTexts.tooLarge('video')).toBe('This video is too large: 4 GB at most.')
  })
})

describe('acceptFiles', () => {
  const photo = (name: string) => new File(['x'], name, { type: 'image/jpeg' })
  it('keeps at most the room left, naming the limit first, and says why a file is refused', () => {
    const text = new File(['x'], 'notes.txt', { type: 'text/plain' })
    const { accepted, refused } = acceptFiles(
      [photo('a.jpg'), text, photo('b.jpg'), photo('c.jpg')],
      2,
      'At most 2.',
    )
    expect(accepted.map((item) => item.name)).toEqual(['a.jpg', 'b.jpg'])
    expect(accepted[0]).toMatchObject({ kind: 'image', mime: 'image/jpeg' })
    expect(refused).toEqual(['At most 2.', `notes.txt: ${MediaTexts.unsupportedType}`])
    expect(acceptFiles([photo('d.jpg')], 0, 'Full.').accepted).toEqual([])
  })
})
