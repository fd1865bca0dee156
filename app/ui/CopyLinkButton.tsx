import { useClipboard } from "@mantine/hooks";
import buttons from "./buttons.module.css";
import { successToast } from "./toast";
import { showToast } from "./toasts";

/** 'Copiar': puts a link on the clipboard and says so ('Enlace copiado'). */
export function CopyLinkButton({ value }: { value: string }) {
  const clipboard = useClipboard();
  return (
    <button
      type="button"
      className={`${buttons.button} ${buttons.filled}`}
      onClick={() => {
        clipboard.copy(value);
        showToast(successToast("Enlace copiado"));
      }}
    >
      Copiar
    </button>
  );
}
