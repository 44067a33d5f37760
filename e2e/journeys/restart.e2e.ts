import { describe, expect, it } from 'vitest'
import { chatSend, conversationOpen } from '../../packages/contract/src/index.ts'
import { type ApiUser, signUpByApi } from '../support/api.ts'
import { uniqueEmail } from '../support/auth.ts'
import { becomeCreator } from '../support/creator.ts'
import { journeyFixture } from '../support/journey.ts'
import { gotoWithSocket } from '../support/shell-helpers.ts'

const journey = journeyFixture()
const { api } = journey

/** How long the server stays down: far longer than the 5-s retry of spec §4. */
const DOWN_MS = 20_000

describe('the open tab through a server restart', () => {
  it('reconnects its socket after 20 s down and gets a chat message without a reload', async () => {
    const creator: ApiUser = await signUpByApi(api, journey.smtp, {
      email: uniqueEmail('restartcreator'),
      nickname: 'Rhea Creator',
    })
    await becomeCreator(api, creator, 'Rhea Creator')
    const { page, me: fan } = await journey.signedUpPage('restartfan', 'Theo Fan')
    const { conversation } = await api.call(conversationOpen, { user_id: creator.userId }, fan)
    const say = (text: string) =>
      api.call(
        chatSend,
        { conversation_id: conversation.conversation_id, client_msg_id: `${text}-${Date.now()}`, text },
        creator,
      )
    const bubbles = page.getByRole('list', { name: 'Messages with Rhea Creator' })

    await gotoWithSocket(page, `/chatRoom?u1=${fan.userId}&u2=${creator.userId}`)
    await say('Before the restart')
    await bubbles.getByText('Before the restart').waitFor()
    // Set on this document: a reload would lose it.
    await page.evaluate(() => Object.assign(window, { velvetSameDocument: true }))
    const loads: string[] = []
    page.on('load', () => loads.push(page.url()))

    await journey.server.restart(DOWN_MS)
    // The socket comes back within a retry period or so (5 s), and the message with it.
    await say('After the restart')
    await bubbles.getByText('After the restart').waitFor({ timeout: 20_000 })
    // And it is live again: the next message arrives at once.
    await say('Live again')
    await bubbles.getByText('Live again').waitFor({ timeout: 5_000 })
    expect(loads).toEqual([])
    expect(await page.evaluate(() => 'velvetSameDocument' in window)).toBe(true)
  }, 180_000)
})
