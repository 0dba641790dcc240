import { TEXTS } from '@carpool/shared/texts';
import { Spinner } from '../../../components/ui/spinner';
import { useSession } from '../../../lib/session';
import { useRideChat } from '../hooks/use-ride-chat';
import { useScrollToNewest } from '../hooks/use-scroll-to-newest';
import { MessageBubble, SystemMessage } from './message-bubble';
import { MessageComposer } from './message-composer';
import { ReportMessage } from './report-message';

const CONNECTING = 'Connecting to chat...';

/**
 * The chat of the ride detail modal, for the driver and booked passengers. The rides feature
 * leaves a slot under its "Messages" heading; the app layer fills it (features do not import
 * each other).
 */
export function RideChat({ rideId, readOnlyReason = null }: { rideId: string; readOnlyReason?: string | null }) {
  const { user } = useSession();
  const chat = useRideChat(rideId);
  const listRef = useScrollToNewest<HTMLDivElement>(chat.messages.length);

  return (
    <div className="flex flex-col gap-2">
      <p role="status" className="inline-flex items-center gap-1.5 self-end text-xs font-medium text-slate-500 dark:text-slate-400">
        <span aria-hidden="true" className={`h-2 w-2 rounded-full ${chat.connected ? 'bg-emerald-500' : 'bg-amber-400'}`} />
        {chat.connected ? 'Live' : CONNECTING}
      </p>
      <div className="rounded-2xl bg-slate-50 ring-1 ring-slate-200 dark:bg-slate-950/60 dark:ring-slate-800">
        {chat.isLoading ? (
          <div className="flex h-40 items-center justify-center">
            <Spinner label="Loading messages" />
          </div>
        ) : chat.messages.length === 0 ? (
          <p className="flex h-40 items-center justify-center px-4 text-center text-sm text-slate-500 dark:text-slate-400">
            {TEXTS.empty.messages}
          </p>
        ) : (
          <div
            ref={listRef}
            role="log"
            aria-label="Ride chat messages"
            tabIndex={0}
            className="max-h-80 min-h-40 overflow-y-auto overscroll-contain rounded-2xl p-3 focus-visible:outline-2 focus-visible:outline-brand-500"
          >
            <ol className="flex flex-col gap-3">
              {chat.messages.map((message) =>
                message.kind === 'system' ? (
                  <SystemMessage key={message.id} content={message.content} time={message.timestamp} />
                ) : (
                  <MessageBubble
                    key={message.id}
                    content={message.content}
                    time={message.timestamp}
                    own={message.userId === user?.id}
                    authorName={message.user?.name ?? message.userName}
                    actions={
                      message.userId === user?.id ? null : (
                        <ReportMessage type="message" id={message.id} authorName={message.user?.name ?? message.userName} />
                      )
                    }
                  />
                ),
              )}
            </ol>
          </div>
        )}
      </div>
      {readOnlyReason ? (
        <p className="rounded-xl bg-slate-50 px-3 py-2 text-sm text-slate-600 dark:bg-slate-800/60 dark:text-slate-300">{readOnlyReason}</p>
      ) : (
        <MessageComposer
          placeholder={TEXTS.typeMessage}
          label="Message the ride"
          disabledReason={chat.connected ? null : CONNECTING}
          // Spec section 8: a failed ride message is only logged (useSendRideMessage); the composer keeps the text.
          onSend={chat.send}
        />
      )}
    </div>
  );
}
