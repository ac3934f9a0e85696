import { Link } from 'react-router-dom';
import { cx } from '../lib/classNames';
import styles from './Brand.module.css';

/** The campus's initial in a tile (decorative: the name is given beside it or in the heading). */
export function BrandMark({ name, large = false }: { name: string; large?: boolean }) {
  return (
    <span className={cx(styles.mark, large && styles.large)} aria-hidden="true">
      {name.slice(0, 1)}
    </span>
  );
}

/** The campus's mark and name, linking home; `nameClassName` lets a folded sidebar hide the name. */
export function Brand({ name, nameClassName }: { name: string; nameClassName?: string }) {
  return (
    <Link to="/" className={styles.brand}>
      <BrandMark name={name} />
      <span className={cx(styles.name, nameClassName)}>{name}</span>
    </Link>
  );
}
