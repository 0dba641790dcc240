import type { ErrorCode } from '@carpool/shared/errors';
import { TEXTS } from '@carpool/shared/texts';
import { useId, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { buttonClasses } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
import { useRegion } from '../../../lib/region';
import { useSession } from '../../../lib/session';
import { useBlockedPeople } from '../api/get-blocked-people';
import { useConversationPartner } from '../api/get-conversation-partner';
import { useConversationChat } from '../hooks/use-conversation-chat';
import { useScrollToNewest } from '../hooks/use-scroll-to-newest';
import { MessageBubble } from './message-bubble';
import { MessageComposer } from './message-composer';
import { ReportMessage } from './report-message';

/** A send refused because the other person's account was deleted (the server answers 404). */
const ACCOUNT_GONE = 'This account no longer exists, so the message cannot be delivered.';

/** The server's code for a message between two people of whom one blocked the other (either way). */
const BLOCKED: ErrorCode = 'USER_BLOCKED';
const YOU_BLOCKED_THEM = 'You blocked this person.';
/** The other person blocked the viewer: the server does not say who blocked whom, nor does this. */
const CANNOT_MESSAGE = "You can't message this person.";

/** A direct conversation (/conversation-messages/:userId); the router handles signed-out and own ids. */
export function ConversationPage({ actionsSlot }: { actionsSlot?: (person: { id: string; name: string }) => ReactNode }) {
  const { userId = '' } = useParams();
  const { user } = useSession();
  // The guard lets only a signed-in user with another id through.
  if (!user) return null;
  return <Conversation key={userId} myId={user.id} otherUserId={userId} actionsSlot={actionsSlot} />;
}

/** `actionsSlot`: Report and Block for the other person, from another feature (the router supplies it). */
function Conversation({
  myId,
  otherUserId,
  actionsSlot,
}: {
  myId: string;
  otherUserId: string;
  actionsSlot: ((person: { id: string; name: string }) => ReactNode) | undefined;
}) {
  const { region, toPath } = useRegion();
  const partner = useConversationPartner(region, otherUserId);
  const chat = useConversationChat(myId, otherUserId);
  const blockedPeople = useBlockedPeople(region);
  // Why the last send failed: the person's account is gone (404), or anything else.
  const [sendFailed, setSendFailed] = useState<false | 'gone' | 'failed'>(false);
  // The server refused a message as blocked although the viewer blocked nobody: the other person did.
  // Only a refused send tells, so the composer is on until then.
  const [blockedByThem, setBlockedByThem] = useState(false);
  const blockedByMe = blockedPeople.data?.blocked.some((person) => person.id === otherUserId) ?? false;
  const writingOffReason = blockedByMe ? YOU_BLOCKED_THEM : blockedByThem ? CANNOT_MESSAGE : null;
  const writingOffId = useId();
  const listRef = useScrollToNewest<HTMLDivElement>(chat.messages.length);
  const name = partner.data?.name ?? (partner.isError ? 'User' : '');

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <div>
        <Link to={toPath(`/profile/${otherUserId}`)} className={buttonClasses('ghost', 'sm', '-ml-3')}>
          <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
            <path d="M12.7 4.3a1 1 0 0 1 0 1.4L8.4 10l4.3 4.3a1 1 0 0 1-1.4 1.4l-5-5a1 1 0 0 1 0-1.4l5-5a1 1 0 0 1 1.4 0Z" />
          </svg>
          {TEXTS.backToProfile}
        </Link>
      </div>

      <section
        aria-labelledby="conversation-title"
        className="flex h-[calc(100dvh-13rem)] min-h-[26rem] flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
      >
        <header className="flex items-center gap-3 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
          {partner.data ? (
            <Avatar name={partner.data.name} src={partner.data.avatar} color={partner.data.avatarColor} size="md" />
          ) : (
            <span aria-hidden="true" className="h-10 w-10 shrink-0 animate-pulse rounded-full bg-slate-200 dark:bg-slate-700" />
          )}
          <h1 id="conversation-title" className="line-clamp-2 min-w-0 break-words text-base font-bold text-slate-900 sm:text-lg dark:text-white">
            {name || <span className="sr-only">Conversation</span>}
          </h1>
          {partner.data && actionsSlot ? <div className="ml-auto shrink-0">{actionsSlot({ id: otherUserId, name: partner.data.name })}</div> : null}
        </header>

        <div className="min-h-0 flex-1 bg-slate-50 dark:bg-slate-950/60">
          {chat.isLoading ? (
            <div className="flex h-full items-center justify-center">
              <Spinner label="Loading conversation" />
            </div>
          ) : chat.isError ? (
            <p role="alert" className="flex h-full items-center justify-center px-4 text-center text-sm font-medium text-red-700 dark:text-red-300">
              {TEXTS.loadConversationFailed}
            </p>
          ) : chat.messages.length === 0 ? (
            <p className="flex h-full flex-col items-center justify-center gap-2 px-6 text-center text-slate-500 dark:text-slate-400">
              <svg aria-hidden="true" viewBox="0 0 24 24" className="h-10 w-10 text-brand-400" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round">
                <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12Z" />
              </svg>
              {TEXTS.empty.messages}
            </p>
          ) : (
            <div
              ref={listRef}
              role="log"
              aria-label={name ? `Messages with ${name}` : 'Messages'}
              tabIndex={0}
              className="h-full overflow-y-auto overscroll-contain px-3 py-4 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-500 sm:px-5"
            >
              <ol className="flex flex-col gap-3">
                {chat.messages.map((message) => (
                  <MessageBubble
                    key={message.id}
                    content={message.content}
                    time={message.createdAt}
                    own={message.senderId === myId}
                    actions={message.senderId === myId ? null : <ReportMessage type="direct_message" id={message.id} authorName={name} />}
                  />
                ))}
              </ol>
            </div>
          )}
        </div>

        <div className="border-t border-slate-200 p-3 dark:border-slate-800">
          {writingOffReason ? (
            <p id={writingOffId} role="status" className="mb-2 px-1 text-sm font-medium text-slate-700 dark:text-slate-200">
              {writingOffReason}
            </p>
          ) : sendFailed ? (
            <p role="alert" className="mb-2 px-1 text-sm font-medium text-red-700 dark:text-red-300">
              {sendFailed === 'gone' ? ACCOUNT_GONE : TEXTS.sendMessageFailed}
            </p>
          ) : null}
          {/* A disabled fieldset turns off the text box and the button alike. */}
          <fieldset
            disabled={writingOffReason !== null}
            aria-describedby={writingOffReason ? writingOffId : undefined}
            className="min-w-0 [&_input:disabled]:cursor-not-allowed [&_input:disabled]:bg-slate-100 dark:[&_input:disabled]:bg-slate-800"
          >
            <MessageComposer
              placeholder={TEXTS.typeMessage}
              label={name ? `Message ${name}` : 'Message'}
              disabledReason={writingOffReason}
              onSend={async (content) => {
                setSendFailed(false);
                try {
                  await chat.send(content);
                } catch (error) {
                  if (isApiError(error) && error.code === BLOCKED) {
                    // A block made since the list was read (in another tab) is the viewer's own.
                    const blocks = await blockedPeople.refetch();
                    if (!blocks.data?.blocked.some((person) => person.id === otherUserId)) setBlockedByThem(true);
                    throw error;
                  }
                  setSendFailed(isApiError(error) && error.status === 404 ? 'gone' : 'failed');
                  throw error;
                }
              }}
            />
          </fieldset>
        </div>
      </section>
    </div>
  );
}
