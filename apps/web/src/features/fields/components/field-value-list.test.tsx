import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FieldValueList } from './field-value-list.tsx';

describe('FieldValueList', () => {
  it('shows each value, a dash for none, and tags retired fields', () => {
    render(
      <FieldValueList
        fields={[
          { label: 'Serial', value: 'SN-1', isActive: true },
          { label: 'Installed', value: '2024-03-01T00:00:00.000Z', isActive: true },
          { label: 'Colour', value: null, isActive: false },
        ]}
      />,
    );
    expect(screen.getByText('SN-1')).toBeInTheDocument();
    expect(screen.getByText('2024-03-01')).toBeInTheDocument();
    expect(screen.getByText('—')).toBeInTheDocument();
    expect(screen.getAllByText('retired')).toHaveLength(1);
  });
});
