import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import {
  ChatRules,
  chatMessages,
  chatSend,
  conversationOpen,
  followUser,
} from '../../packages/contract/src/index.ts'
import { signUpByApi } from '../support/api.ts'
import { desktopWindow, saveShot } from '../support/artifacts.ts'
import { expectUrl, seriousA11yViolations, uniqueEmail, waitUntil } from '../support/auth.ts'
import { becomeCreatorIn, openCreatorProfile } from '../support/creator.ts'
import { journeyFixture } from '../support/journey.ts'
import { expectToastBelowBar, gotoWithSocket } from '../support/shell-helpers.ts'

const journey = journeyFixture()
const SHOTS = 'issue7'
const { api, signedUpPage } = journey

/**
 * Chat and notifications (first part): a fan and a creator in two browser contexts write to each
 * other; messages, the typing indicator, unread badges and read receipts arrive live over the socket. A new follower shows as a
 * banner and in /notifications.
 */
const bubbles = (page: Page, name: string) => page.getByRole('list', { name: `Messages with ${name}` })

describe('chat journeys', () => {
  it('lets a fan and a creator write to each other with live delivery, badges and read receipts', async () => {
    const { page: creatorPage } = await signedUpPage('chatcreator', 'Rosa Creator')
    const creator = await becomeCreatorIn(creatorPage, api, '/home')
    const { page: fanPage, me: fan } = await signedUpPage('chatfan', 'Ana Silva')

    // The fan opens the room from the creator's profile.
    await openCreatorProfile(fanPage, creator.userName, 'Rosa Creator')
    await fanPage.getByRole('link', { name: 'Message Rosa Creator' }).click()
    await expectUrl(fanPage, `/chatRoom?u1=${fan.userId}&u2=${creator.userId}`)
    await fanPage.getByRole('heading', { level: 1, name: 'Rosa Creator' }).waitFor()
    await fanPage.getByRole('heading', { name: 'Message Rosa Creator' }).waitFor()
    const composer = fanPage.getByRole('textbox', { name: 'Write a message' })
    await composer.fill('Hi Rosa! Loved your last post.')
    await composer.press('Enter')
    await bubbles(fanPage, 'Rosa Creator').getByText('Hi Rosa! Loved your last post.').waitFor()
    expect(await composer.inputValue()).toBe('')

    // The creator, on the home tab, gets the unread badge live; the list shows the conversation.
    await creatorPage.getByRole('link', { name: 'Messages, 1 unread' }).waitFor()
    await creatorPage.getByRole('link', { name: 'Messages, 1 unread' }).click()
    const conversations = creatorPage.getByRole('list', { name: 'Conversations' })
    // The unread count is part of the row's name for screen readers (the badge itself is decorative).
    const row = conversations.getByRole('link', { name: /^Ana Silva\W+1 unread/ })
    await row.getByText('Hi Rosa! Loved your last post.').waitFor()
    await saveShot(creatorPage, SHOTS, 'mobile-messages')
    expect(await seriousA11yViolations(creatorPage)).toEqual([])
    await row.click()
    await bubbles(creatorPage, 'Ana Silva').getByText('Hi Rosa! Loved your last post.').waitFor()

    // The creator replies; the fan sees it arrive, and "Seen" under their own message.
    const reply = creatorPage.getByRole('textbox', { name: 'Write a message' })
    await reply.fill('Hello Ana, thank you!')
    // The fan sees the creator typing, until the message arrives.
    await fanPage.getByText('Rosa Creator is typing…').waitFor()
    await creatorPage.getByRole('button', { name: 'Send' }).click()
    await bubbles(fanPage, 'Rosa Creator').getByText('Hello Ana, thank you!').waitFor()
    await fanPage.getByText('Rosa Creator is typing…').waitFor({ state: 'detached' })
    await fanPage.getByText('Seen', { exact: true }).waitFor()
    await saveShot(fanPage, SHOTS, 'mobile-chat-room')
    expect(await seriousA11yViolations(fanPage)).toEqual([])

    // Back on the list, the creator's conversation is read: no unread count, no badge on the tab.
    await creatorPage.goto('/message')
    const readRow = conversations.getByRole('listitem').filter({ hasText: 'Ana Silva' })
    await readRow.getByText('You: Hello Ana, thank you!').waitFor()
    expect(await readRow.innerText()).not.toContain('unread')
    await creatorPage.getByRole('link', { name: 'Messages', exact: true }).waitFor()

    // Both messages are stored once, in order.
    const { conversation } = await api.call(conversationOpen, { user_id: creator.userId }, fan)
    const stored = await api.call(
      chatMessages,
      { conversation_id: conversation.conversation_id, limit: 30 },
      fan,
    )
    expect(stored.list.map((message) => message.text)).toEqual([
      'Hello Ana, thank you!',
      'Hi Rosa! Loved your last post.',
    ])

    // Offline, a message fails and is kept (IndexedDB): after a reload it is still there, and a retry sends it.
    await fanPage.context().setOffline(true)
    await composer.fill('Are you there?')
    await composer.press('Enter')
    await fanPage.getByRole('button', { name: 'Not sent. Tap to retry.' }).waitFor()
    await fanPage.context().setOffline(false)
    await fanPage.reload()
    await bubbles(fanPage, 'Rosa Creator').getByText('Hello Ana, thank you!').waitFor()
    await bubbles(fanPage, 'Rosa Creator').getByText('Are you there?').waitFor()
    await fanPage.getByRole('button', { name: 'Not sent. Tap to retry.' }).click()
    // The creator's list (still open) shows it live.
    await readRow.getByText('Are you there?').waitFor()
    await waitUntil(
      'the retried message to be stored once',
      async () =>
        (
          await api.call(chatMessages, { conversation_id: conversation.conversation_id, limit: 30 }, fan)
        ).list.map((message) => message.text),
      (texts) =>
        texts[0] === 'Are you there?' && texts.filter((text) => text === 'Are you there?').length === 1,
    )
    expect(await fanPage.getByRole('button', { name: 'Not sent. Tap to retry.' }).count()).toBe(0)

    // A long history: older messages load as the top of the room comes into view.
    for (let i = 1; i <= ChatRules.pageSize + 5; i++)
      await api.call(
        chatSend,
        {
          conversation_id: conversation.conversation_id,
          client_msg_id: `history-${fan.userId}-${i}`,
          text: `History ${i}`,
        },
        fan,
      )
    await fanPage.reload()
    await bubbles(fanPage, 'Rosa Creator')
      .getByText(`History ${ChatRules.pageSize + 5}`)
      .waitFor()
    expect(await bubbles(fanPage, 'Rosa Creator').getByText('History 1', { exact: true }).count()).toBe(0)
    await fanPage.mouse.wheel(0, -100_000)
    await bubbles(fanPage, 'Rosa Creator').getByText('History 1', { exact: true }).waitFor()
    await bubbles(fanPage, 'Rosa Creator').getByText('Hi Rosa! Loved your last post.').waitFor()

    // The room at 1440x900.
    const desktop = await journey.newPage({
      ...desktopWindow,
      storageState: await fanPage.context().storageState(),
    })
    await desktop.goto(`/chatRoom?u1=${fan.userId}&u2=${creator.userId}`)
    await bubbles(desktop, 'Rosa Creator')
      .getByText(`History ${ChatRules.pageSize + 5}`)
      .waitFor()
    await saveShot(desktop, SHOTS, 'desktop-chat-room')

    // A toast never covers the room's header: muting says so under it, at both sizes.
    await fanPage.getByRole('button', { name: 'Mute conversation' }).click()
    await expectToastBelowBar(fanPage, 'Conversation muted')
    await saveShot(fanPage, 'misc', 'chat-toast-414')
    await desktop.reload()
    await desktop.getByRole('button', { name: 'Unmute conversation' }).click()
    await expectToastBelowBar(desktop, 'Conversation unmuted')
    await saveShot(desktop, 'misc', 'chat-toast-1440')
  })

  it('shows a banner for a new follower and lists it in /notifications, which reads the badge away', async () => {
    const { page: creatorPage } = await signedUpPage('notecreator', 'Nora Creator')
    const creator = await becomeCreatorIn(creatorPage, api, '/home')
    // The banner needs the creator's socket up when the follow happens (else the notice goes out as a push).
    await gotoWithSocket(creatorPage, '/home')
    const fan = await signUpByApi(api, journey.smtp, {
      email: uniqueEmail('notefan'),
      nickname: 'Finn Follower',
    })

    await api.call(followUser, { user_id: creator.userId }, fan)
    await creatorPage
      .getByTestId('notification-banner')
      .filter({ hasText: 'Finn Follower' })
      .filter({ hasText: 'started following you' })
      .waitFor()
    await creatorPage.getByRole('link', { name: 'Notifications, 1 unread' }).waitFor()
    await creatorPage.getByRole('link', { name: 'Notifications, 1 unread' }).click()
    const list = creatorPage.getByRole('list', { name: 'Notifications' })
    await list.getByRole('link', { name: /Finn Follower started following you/ }).waitFor()
    await creatorPage.getByRole('link', { name: 'Notifications', exact: true }).waitFor()
    await saveShot(creatorPage, SHOTS, 'mobile-notifications')
    expect(await seriousA11yViolations(creatorPage)).toEqual([])
    // The kinds: a follower is under Subscriptions, not under Comments.
    await creatorPage.getByRole('tab', { name: 'Comments' }).click()
    await creatorPage.getByRole('heading', { name: 'Nothing here yet' }).waitFor()
    await creatorPage.getByRole('tab', { name: 'Subscriptions' }).click()
    await list.getByRole('link', { name: /Finn Follower/ }).waitFor()
    // The row leads to the follower's profile.
    await list.getByRole('link', { name: /Finn Follower/ }).click()
    await expectUrl(creatorPage, `/@${fan.userName}`)
  })
})
