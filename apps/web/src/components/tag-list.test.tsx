import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sortTags, TagList } from './tag-list';

describe('TagList', () => {
  it('sorts account, namespace and name first', () => {
    const sorted = sortTags([
      { key: 'zone', value: 'a' },
      { key: 'name', value: 'web' },
      { key: 'cluster', value: 'c1' },
      { key: 'account', value: '123' },
      { key: 'namespace', value: 'prod' },
    ]);
    expect(sorted.map((tag) => tag.key)).toEqual(['account', 'namespace', 'name', 'cluster', 'zone']);
  });

  it('collapses past the minimum rows and expands on demand', async () => {
    const tags = ['a', 'b', 'c', 'd', 'e'].map((key) => ({ key, value: key }));
    render(<TagList tags={tags} minRows={2} />);
    expect(screen.queryByText('c')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '+3 more' }));
    expect(screen.getAllByText('e')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Show less' }));
    expect(screen.queryByText('e')).toBeNull();
  });
});
