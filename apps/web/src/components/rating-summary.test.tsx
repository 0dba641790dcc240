import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RatingSummary, ratingText } from './rating-summary';

describe('ratingText', () => {
  it('reads the mean to one decimal with the count, or New driver / New passenger', () => {
    expect(ratingText({ reviewCount: 0, averageRating: null }, 'driver')).toBe('New driver');
    expect(ratingText({ reviewCount: 0, averageRating: null }, 'passenger')).toBe('New passenger');
    expect(ratingText({ reviewCount: 1, averageRating: 5 }, 'driver')).toBe('5.0 (1 review)');
    expect(ratingText({ reviewCount: 3, averageRating: 4.3 }, 'passenger')).toBe('4.3 (3 reviews)');
  });
});

describe('RatingSummary', () => {
  it('names the rating whole for a screen reader', () => {
    render(<RatingSummary rating={{ reviewCount: 3, averageRating: 4.7 }} role="passenger" />);
    expect(screen.getByRole('img', { name: 'Rated 4.7 out of 5 from 3 reviews' })).toBeInTheDocument();
  });
});
