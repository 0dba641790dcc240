import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { formatMessageTime } from '../utils/format-time';
import { MessageBubble, SystemMessage } from './message-bubble';

const time = '2026-03-12T19:05:00.000Z';

function renderInList(node: ReactNode) {
  render(<ul>{node}</ul>);
  return screen.getByRole('listitem');
}

describe('MessageBubble', () => {
  it('puts own messages on the right, in the brand colour, read out as yours', () => {
    const item = renderInList(<MessageBubble content="See you at 5" time={time} own authorName="Ada Lovelace" />);
    expect(item).toHaveClass('justify-end');
    expect(item.querySelector('.bg-brand-600')).not.toBeNull();
    expect(item).toHaveTextContent('You: See you at 5');
    expect(item).not.toHaveTextContent('Ada Lovelace');
  });

  it("puts other people's messages on the left with their name and the time as hh:mm", () => {
    const item = renderInList(<MessageBubble content="On my way" time={time} own={false} authorName="Grace Hopper" />);
    expect(item).toHaveClass('justify-start');
    expect(item).toHaveTextContent('Grace Hopper');
    const shown = item.querySelector('time');
    expect(shown).toHaveAttribute('dateTime', time);
    expect(shown?.textContent).toBe(formatMessageTime(time));
    expect(shown?.textContent).toMatch(/^\d{2}[:.]\d{2}/);
  });

  it('keeps long words and line breaks inside the bubble', () => {
    const item = renderInList(<MessageBubble content={'line one\nline two'} time={time} own={false} />);
    expect(item.querySelector('p')).toHaveClass('whitespace-pre-wrap');
  });
});

describe('SystemMessage', () => {
  it('is centred and marked as a notice, not as anyone\'s message', () => {
    const item = renderInList(<SystemMessage content="This ride was cancelled by the driver." time={time} />);
    expect(item).toHaveClass('justify-center');
    expect(item).toHaveTextContent('Notice: This ride was cancelled by the driver.');
    expect(item.querySelector('.bg-brand-600')).toBeNull();
  });
});
