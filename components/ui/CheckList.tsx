import { Icon } from "./Icon";
import styles from "./CheckList.module.css";

/** "What is included": a list with a check mark before each item; two columns where there is room. */
export function CheckList({ items, columns = 1 }: { items: string[]; columns?: 1 | 2 }) {
  return (
    <ul className={styles.list} data-columns={columns}>
      {items.map((item) => (
        <li key={item}>
          <Icon name="check" size={18} />
          {item}
        </li>
      ))}
    </ul>
  );
}
