// Search-as-you-type person picker for a manual award: GET /api/admin/people?q=&limit= (editors and admins
// alike; the admin `users` resource is admins' only). Each option shows the name, employee code and store.
import { Select } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { usePeople, type Person } from './api';

export const personLabel = (p: Person) => [p.name, p.employeeId, p.store].filter(Boolean).join(' · ');

export function PersonSelect({ value, onChange, placeholder, id }: { value?: string | null; onChange?: (v: string | null) => void; placeholder?: string; id?: string }) {
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [open, setOpen] = useState(false);
  // The chosen person stays labelled when a later search no longer lists them.
  const [chosen, setChosen] = useState<Person | null>(null);
  useEffect(() => {
    const h = setTimeout(() => setQ(search), 250);
    return () => clearTimeout(h);
  }, [search]);
  const { data, isFetching } = usePeople(q, open || !!q);
  const options = useMemo(() => {
    const items = data?.items ?? [];
    const list = items.map((p) => ({ value: p.id, label: personLabel(p), person: p }));
    if (chosen && chosen.id === value && !items.some((p) => p.id === chosen.id)) list.unshift({ value: chosen.id, label: personLabel(chosen), person: chosen });
    return list;
  }, [data, chosen, value]);
  return (
    <Select
      id={id}
      showSearch
      allowClear
      value={value ?? undefined}
      placeholder={placeholder}
      filterOption={false}
      onSearch={setSearch}
      onOpenChange={setOpen}
      onChange={(v, option) => {
        const person = (Array.isArray(option) ? undefined : (option as { person?: Person } | undefined)?.person) ?? null;
        setChosen(person);
        onChange?.((v as string | undefined) ?? null);
      }}
      loading={isFetching}
      options={options}
      popupMatchSelectWidth={false}
      data-testid="person-select"
    />
  );
}
