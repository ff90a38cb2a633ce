// Rich text (format "html"): Tiptap with a small toolbar. Output is HTML; the server sanitises it on write.
import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { Button, Divider, Form, Input, Modal, Tooltip } from 'antd';
import { Image as TiptapImage } from '@tiptap/extension-image';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MediaPickerModal } from './MediaPicker';
import { safeLinkUrl } from './html';

/** An empty document is stored as an empty value, not as "<p></p>". */
const htmlOf = (editor: Editor) => (editor.isEmpty ? '' : editor.getHTML());

function ToolButton({ label, active, disabled, onClick, children }: { label: string; active?: boolean; disabled?: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <Tooltip title={label} mouseEnterDelay={0.4}>
      <Button
        type={active ? 'primary' : 'text'}
        ghost={active}
        size="small"
        aria-label={label}
        aria-pressed={active}
        disabled={disabled}
        className="sf-rte__btn"
        onMouseDown={(e) => e.preventDefault()}
        onClick={onClick}
      >
        {children}
      </Button>
    </Tooltip>
  );
}

export function RichTextInput({ value, onChange, disabled, id, placeholder }: { value?: string | null; onChange?: (v: string) => void; disabled?: boolean; id?: string; placeholder?: string }) {
  const { t } = useTranslation();
  const [linkOpen, setLinkOpen] = useState(false);
  const [imageOpen, setImageOpen] = useState(false);
  const [linkForm] = Form.useForm<{ url: string }>();
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        link: { openOnClick: false, autolink: true, protocols: ['http', 'https'], defaultProtocol: 'https', HTMLAttributes: { rel: 'noopener noreferrer', target: '_blank' } },
      }),
      TiptapImage.configure({ HTMLAttributes: { class: 'sf-rte__img' } }),
    ],
    content: value ?? '',
    editable: !disabled,
    shouldRerenderOnTransaction: true,
    editorProps: { attributes: { class: 'sf-rte__content', 'aria-label': placeholder ?? t('rte.label'), role: 'textbox', 'aria-multiline': 'true', ...(id ? { id } : {}) } },
    onUpdate: ({ editor: e }) => onChange?.(htmlOf(e)),
  });

  // The form sets the value after the editor exists (open drawer, reload): follow it without echoing back.
  useEffect(() => {
    if (!editor) return;
    const next = value ?? '';
    if (next !== htmlOf(editor)) editor.commands.setContent(next, { emitUpdate: false });
  }, [editor, value]);
  useEffect(() => {
    editor?.setEditable(!disabled);
  }, [editor, disabled]);

  if (!editor) return <div className="sf-rte sf-rte--loading" />;
  const chain = () => editor.chain().focus();
  const openLink = () => {
    linkForm.setFieldsValue({ url: String(editor.getAttributes('link').href ?? '') });
    setLinkOpen(true);
  };

  return (
    <div className={`sf-rte${disabled ? ' is-disabled' : ''}`}>
      <div className="sf-rte__toolbar" role="toolbar" aria-label={t('rte.toolbar')}>
        <ToolButton label={t('rte.h2')} active={editor.isActive('heading', { level: 2 })} onClick={() => chain().toggleHeading({ level: 2 }).run()}>H2</ToolButton>
        <ToolButton label={t('rte.h3')} active={editor.isActive('heading', { level: 3 })} onClick={() => chain().toggleHeading({ level: 3 }).run()}>H3</ToolButton>
        <Divider type="vertical" />
        <ToolButton label={t('rte.bold')} active={editor.isActive('bold')} onClick={() => chain().toggleBold().run()}><BoldOutlined /></ToolButton>
        <ToolButton label={t('rte.italic')} active={editor.isActive('italic')} onClick={() => chain().toggleItalic().run()}><ItalicOutlined /></ToolButton>
        <ToolButton label={t('rte.underline')} active={editor.isActive('underline')} onClick={() => chain().toggleUnderline().run()}><UnderlineOutlined /></ToolButton>
        <ToolButton label={t('rte.strike')} active={editor.isActive('strike')} onClick={() => chain().toggleStrike().run()}><StrikethroughOutlined /></ToolButton>
        <Divider type="vertical" />
        <ToolButton label={t('rte.bullets')} active={editor.isActive('bulletList')} onClick={() => chain().toggleBulletList().run()}><UnorderedListOutlined /></ToolButton>
        <ToolButton label={t('rte.numbers')} active={editor.isActive('orderedList')} onClick={() => chain().toggleOrderedList().run()}><OrderedListOutlined /></ToolButton>
        <ToolButton label={t('rte.quote')} active={editor.isActive('blockquote')} onClick={() => chain().toggleBlockquote().run()}><span className="sf-rte__quote">“”</span></ToolButton>
        <Divider type="vertical" />
        <ToolButton label={t('rte.link')} active={editor.isActive('link')} onClick={openLink}><LinkOutlined /></ToolButton>
        <ToolButton label={t('rte.image')} onClick={() => setImageOpen(true)}><PictureOutlined /></ToolButton>
        <Divider type="vertical" />
        <ToolButton label={t('rte.undo')} disabled={!editor.can().undo()} onClick={() => chain().undo().run()}><UndoOutlined /></ToolButton>
        <ToolButton label={t('rte.redo')} disabled={!editor.can().redo()} onClick={() => chain().redo().run()}><RedoOutlined /></ToolButton>
      </div>
      <EditorContent editor={editor} className="sf-rte__body" />
      <Modal
        open={linkOpen}
        title={t('rte.linkTitle')}
        okText={t('rte.linkApply')}
        cancelText={t('common.cancel')}
        onCancel={() => setLinkOpen(false)}
        onOk={() => linkForm.submit()}
        footer={(_, { OkBtn, CancelBtn }) => (
          <>
            {editor.isActive('link') ? (
              <Button danger onClick={() => {
                chain().extendMarkRange('link').unsetLink().run();
                setLinkOpen(false);
              }}>{t('rte.linkRemove')}</Button>
            ) : null}
            <CancelBtn />
            <OkBtn />
          </>
        )}
        destroyOnHidden
      >
        <Form
          form={linkForm}
          layout="vertical"
          onFinish={({ url }) => {
            const safe = safeLinkUrl(url);
            if (!safe) return;
            if (editor.state.selection.empty && !editor.isActive('link')) {
              // No selected text: insert the address itself as the link text, apart from the word before it.
              const { from } = editor.state.selection;
              const before = from > 1 ? editor.state.doc.textBetween(from - 1, from) : '';
              const spacer = before && !/\s/.test(before) ? [{ type: 'text', text: ' ' }] : [];
              chain().insertContent([...spacer, { type: 'text', text: safe, marks: [{ type: 'link', attrs: { href: safe } }] }]).run();
            }
            else chain().extendMarkRange('link').setLink({ href: safe }).run();
            setLinkOpen(false);
          }}
        >
          <Form.Item
            name="url"
            label={t('rte.linkUrl')}
            rules={[{ validator: (_, v: string) => (safeLinkUrl(v ?? '') ? Promise.resolve() : Promise.reject(new Error(t('rte.linkInvalid')))) }]}
          >
            <Input autoFocus placeholder="https://" inputMode="url" />
          </Form.Item>
        </Form>
      </Modal>
      <MediaPickerModal
        open={imageOpen}
        kind="image"
        onCancel={() => setImageOpen(false)}
        onPick={(items) => {
          setImageOpen(false);
          const m = items[0];
          if (m) chain().setImage({ src: String(m.url), alt: String(m.alt || m.originalName || '') }).run();
        }}
      />
    </div>
  );
}
