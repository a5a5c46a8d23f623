import { Spin } from 'antd';
import { type ReactNode, Suspense } from 'react';

export function PageSpinner() {
  return (
    <div className="page-spinner">
      <Spin size="large" />
    </div>
  );
}

/** A lazily loaded page with a spinner while its chunk downloads. */
export function Suspended({ page }: { page: ReactNode }) {
  return <Suspense fallback={<PageSpinner />}>{page}</Suspense>;
}
