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

  it('writes typed values the reader’s way: Yes/No, dates and numbers (ADR 118)', () => {
    render(
      <FieldValueList
        fields={[
          { label: 'Insured', value: 'true', dataType: 'Boolean' },
          { label: 'Bought', value: '2026-03-01', dataType: 'Date' },
          { label: 'Weight', value: '1234.5', dataType: 'Number' },
          { label: 'Serial', value: '1234', dataType: 'Text' },
        ]}
      />,
    );
    expect(screen.getByText('Yes')).toBeInTheDocument();
    expect(screen.getByText('Mar 1, 2026')).toBeInTheDocument();
    expect(screen.getByText('1,234.5')).toBeInTheDocument();
    expect(screen.getByText('1234')).toBeInTheDocument();
  });
});
