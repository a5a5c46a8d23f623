import { DictManager } from '../../components/DictManager/index.tsx';

/** 字典管理: the system dictionaries every tenant shares (written by the platform administrator). */
export default function DictPage() {
  return <DictManager kind="dict" layout="horizontal" />;
}
