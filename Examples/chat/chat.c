/* A small chat window with the hold-to-record control, in C.
 *
 * Hold the mic to record, let go to send; slide left to throw the take away; slide up to record hands-free. Each
 * sent take becomes a line with its duration and a Play button.
 *
 *   cc chat.c $(pkg-config --cflags --libs voicerecorder-gtk-1) -o chat-c
 *   ./chat-c [--format opus] [--maximum-duration S]
 *
 * It prints a line per event on standard output (`sent PATH SECONDS FORMAT`, `cancelled`, `failed CODE MESSAGE`...).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <voicerecorder-gtk-1/voicerecorder.h>

static const char *format_option = NULL;
static const char *maximum_option = NULL;

/* The nickname of an enum value ("opus", "access-denied"), as the other clients print it. */
static const char *
nick (GType type, int value)
{
  GEnumClass *enum_class = g_type_class_ref (type);
  GEnumValue *found = g_enum_get_value (enum_class, value);
  const char *name = found != NULL ? found->value_nick : "?";
  g_type_class_unref (enum_class); /* the class stays registered: the nick stays valid */
  return name;
}

static void
on_play (GtkButton *button, const char *path)
{
  GtkMediaStream *player = gtk_media_file_new_for_filename (path);
  /* Kept with the button while it plays (replaced at the next click). */
  g_object_set_data_full (G_OBJECT (button), "player", player, g_object_unref);
  gtk_media_stream_play (player);
  printf ("playing %s\n", path);
}

static void
on_sent (VoiceRecorderControl *control, VoiceRecorderTake *take, GtkListBox *messages)
{
  gsize n_samples = 0;
  voice_recorder_take_get_samples (take, &n_samples);
  double duration = voice_recorder_take_get_duration (take);
  printf ("sent %s %.3f %s %zu\n", voice_recorder_take_get_path (take), duration,
          nick (VOICE_RECORDER_TYPE_FORMAT, voice_recorder_take_get_format (take)), n_samples);
  long tenths = (long) (duration * 10 + 0.5);
  char *text = g_strdup_printf ("Voice message, %ld:%02ld.%ld", tenths / 600, tenths / 10 % 60, tenths % 10);
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  g_object_set (row, "margin-start", 12, "margin-end", 12, "margin-top", 6, "margin-bottom", 6, NULL);
  GtkWidget *label = gtk_label_new (text);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  GtkWidget *play = gtk_button_new_from_icon_name ("media-playback-start-symbolic");
  gtk_widget_set_tooltip_text (play, "Play");
  g_signal_connect_data (play, "clicked", G_CALLBACK (on_play), g_strdup (voice_recorder_take_get_path (take)),
                         (GClosureNotify) g_free, 0);
  gtk_box_append (GTK_BOX (row), label);
  gtk_box_append (GTK_BOX (row), play);
  gtk_list_box_append (messages, row);
  g_free (text);
}

static void
on_failed (VoiceRecorderControl *control, GError *error)
{
  const char *code = error->domain == VOICE_RECORDER_ERROR ? nick (VOICE_RECORDER_TYPE_ERROR, error->code) : "?";
  printf ("failed %s %s\n", code, error->message);
}

static void
on_warning (VoiceRecorderControl *control, VoiceRecorderWarning warning, const char *source)
{
  printf ("warning %s %s\n", nick (VOICE_RECORDER_TYPE_WARNING, warning), source != NULL ? source : "-");
}

static void
on_phase (VoiceRecorderControl *control)
{
  printf ("phase %s\n", nick (VOICE_RECORDER_TYPE_PHASE, voice_recorder_control_get_phase (control)));
}

static void
say (const char *line)
{
  printf ("%s\n", line);
}
static void
activate (GtkApplication *app)
{
  GtkWidget *window = gtk_application_window_new (app);
  gtk_window_set_title (GTK_WINDOW (window), "Chat");
  gtk_window_set_default_size (GTK_WINDOW (window), 480, 560);
  GtkWidget *messages = gtk_list_box_new ();
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (messages), GTK_SELECTION_NONE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (messages), GTK_ACCESSIBLE_PROPERTY_LABEL, "Messages", -1);
  GtkWidget *scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), messages);
  gtk_widget_set_vexpand (scroller, TRUE);

  GtkWidget *entry = gtk_entry_new ();
  gtk_entry_set_placeholder_text (GTK_ENTRY (entry), "Message");
  gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_LABEL, "Message", -1);
  GtkWidget *control = voice_recorder_control_new (entry);
  g_object_set (control, "margin-start", 16, "margin-end", 16, "margin-top", 8, "margin-bottom", 18, NULL);
  if (format_option != NULL)
    voice_recorder_control_set_format (VOICE_RECORDER_CONTROL (control), strcmp (format_option, "opus") == 0
                                           ? VOICE_RECORDER_FORMAT_OPUS : VOICE_RECORDER_FORMAT_AAC);
  if (maximum_option != NULL)
    voice_recorder_control_set_maximum_duration (VOICE_RECORDER_CONTROL (control), g_ascii_strtod (maximum_option, NULL));
  g_signal_connect_swapped (control, "started", G_CALLBACK (say), (gpointer) "started");
  g_signal_connect (control, "sent", G_CALLBACK (on_sent), messages);
  g_signal_connect_swapped (control, "cancelled", G_CALLBACK (say), (gpointer) "cancelled");
  g_signal_connect (control, "failed", G_CALLBACK (on_failed), NULL);
  g_signal_connect (control, "microphone-warning", G_CALLBACK (on_warning), NULL);
  g_signal_connect (control, "notify::phase", G_CALLBACK (on_phase), NULL);

  GtkWidget *column = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_box_append (GTK_BOX (column), scroller);
  gtk_box_append (GTK_BOX (column), control);
  gtk_window_set_child (GTK_WINDOW (window), column);
  g_signal_connect_swapped (window, "map", G_CALLBACK (say), (gpointer) "ready");
  gtk_widget_grab_focus (entry);
  gtk_window_present (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  setvbuf (stdout, NULL, _IOLBF, 0);
  for (int i = 1; i < argc; i += 2)
    {
      if (i + 1 < argc && strcmp (argv[i], "--format") == 0)
        format_option = argv[i + 1];
      else if (i + 1 < argc && strcmp (argv[i], "--maximum-duration") == 0)
        maximum_option = argv[i + 1];
      else
        {
          fprintf (stderr, "chat-c: unknown or incomplete option '%s'\n", argv[i]);
          return 2;
        }
    }
  GtkApplication *app = gtk_application_new ("org.voicerecorder.ChatC", G_APPLICATION_DEFAULT_FLAGS);
  g_signal_connect (app, "activate", G_CALLBACK (activate), NULL);
  int status = g_application_run (G_APPLICATION (app), 1, argv);
  g_object_unref (app);
  return status;
}
