import { Button, CopyButton } from "@mantine/core";
import { successToast } from "./toast";
import { showToast } from "./toasts";

/** 'Copiar': puts a link on the clipboard and says so ('Enlace copiado'). */
export function CopyLinkButton({ value }: { value: string }) {
  return (
    <CopyButton value={value}>
      {({ copy }) => (
        <Button
          onClick={() => {
            copy();
            showToast(successToast("Enlace copiado"));
          }}
        >
          Copiar
        </Button>
      )}
    </CopyButton>
  );
}
