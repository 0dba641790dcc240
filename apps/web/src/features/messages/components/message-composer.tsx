import { MESSAGE_MAX_CHARS } from '@carpool/shared/constants';
import { useState, type FormEvent } from 'react';

interface MessageComposerProps {
  /** Resolves once sent; a rejection puts the text back so nothing typed is lost. */
  onSend: (content: string) => Promise<unknown>;
  placeholder: string;
  /** Why sending is impossible right now (no connection yet), shown as the button's hint. */
  disabledReason?: string | null;
  label?: string;
}

/** The text box and send button under a chat. Enter sends; blank text is never sent. */
export function MessageComposer({ onSend, placeholder, disabledReason = null, label = 'Message' }: MessageComposerProps) {
  const [text, setText] = useState('');
  const blank = text.trim().length === 0;
  const disabled = blank || disabledReason !== null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const content = text.trim();
    if (!content || disabledReason !== null) return;
    // Cleared at once so the next message can be typed while this one travels.
    setText('');
    onSend(content).catch(() => setText((current) => (current ? current : content)));
  };

  return (
    <form onSubmit={submit} className="flex items-center gap-2">
      <input
        type="text"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={placeholder}
        aria-label={label}
        maxLength={MESSAGE_MAX_CHARS}
        autoComplete="off"
        className="h-11 min-w-0 flex-1 rounded-full border border-slate-300 bg-white px-4 text-base text-slate-900 sm:text-[0.9375rem] placeholder:text-slate-500 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400"
      />
      <button
        type="submit"
        disabled={disabled}
        title={disabledReason ?? undefined}
        aria-label="Send"
        className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-brand-600 text-white shadow-sm transition-colors hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-500 disabled:shadow-none sm:w-auto sm:gap-2 sm:px-5 dark:disabled:bg-slate-700 dark:disabled:text-slate-400"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <path d="M22 2 11 13" />
          <path d="M22 2 15 22l-4-9-9-4 20-7Z" />
        </svg>
        <span aria-hidden="true" className="hidden text-sm font-semibold sm:inline">
          Send
        </span>
      </button>
    </form>
  );
}
