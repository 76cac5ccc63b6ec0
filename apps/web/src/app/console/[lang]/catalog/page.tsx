import { CatalogEditor } from '../../catalog-editor';

export default function ConsoleCatalogPage() {
  return <CatalogEditor />;
}
