import { DictSwitch } from '../../components/DictManager/DictSwitch.tsx';

/** /dict-horizontal/index (SPEC §2): dictionaries on the left, the picked one's items on the right. */
export default function DictHorizontalPage() {
  return <DictSwitch layout="horizontal" />;
}
