import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProgressBar } from './progress-bar';
import { StatusDot, statusDotColour } from './status-dot';
import { TruncatedText } from './truncated-text';

describe('status dots', () => {
  it('uses the colours of 001 §4', () => {
    for (const status of ['degraded', 'missing', 'unhealthy', 'Unhealthy']) expect(statusDotColour(status)).toBe('red');
    for (const status of ['unknown', 'suspended']) expect(statusDotColour(status)).toBe('gray');
    for (const status of ['warning', 'warn']) expect(statusDotColour(status)).toBe('orange');
    for (const status of ['healthy', 'running', undefined]) expect(statusDotColour(status)).toBe('green');
    const { container } = render(<StatusDot status="missing" />);
    expect(container.querySelector('[data-colour="red"]')).not.toBeNull();
  });
});

describe('progress bar', () => {
  it('clamps its value to 5–100', () => {
    const { rerender } = render(<ProgressBar value={0} label="Disk" />);
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('5');
    rerender(<ProgressBar value={140} label="Disk" />);
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
  });
});

describe('text truncation', () => {
  it('adds an ellipsis and keeps the whole text in the tooltip', () => {
    render(<TruncatedText text="kubernetes-cluster-one" max={10} />);
    const text = screen.getByText('kubernetes…');
    expect(text.getAttribute('title')).toBe('kubernetes-cluster-one');
  });
});
