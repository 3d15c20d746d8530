/* VoiceRecorderControl: the GType around the Swift control (VoiceRecorderGObject). This file holds the type, its
 * properties and signals, and nothing of the control's behaviour: every gesture, drawing, key and take is the Swift
 * widget's, which is this widget's only child. */

#include "voicerecorder-control-private.h"

/**
 * VoiceRecorderControl:
 *
 * The hold-to-record control: press and hold the mic to record, let go to send; slide toward the leading edge to
 * throw the take away; slide up to lock into hands-free recording. With
 * [property@VoiceRecorder.Control:preview], a take can be paused, listened to and trimmed before it is sent.
 *
 * The control wraps the app's own [property@VoiceRecorder.Control:content] (a message entry, say), which fills its
 * leading space; the mic rests at the trailing end, and while a take records its capsule covers the content. Each
 * sent take arrives with [signal@VoiceRecorder.Control::sent] as a [class@VoiceRecorder.Take]: a file of the
 * chosen [property@VoiceRecorder.Control:format], its exact duration and its waveform.
 *
 * The control records through the sound server (PulseAudio or PipeWire) and must be used from the GTK thread.
 * One process holds one copy of this library.
 */
G_DEFINE_FINAL_TYPE (VoiceRecorderControl, voice_recorder_control, GTK_TYPE_WIDGET)

GParamSpec *vr_control_properties[N_PROPS];
guint vr_control_signals[N_SIGNALS];

/* Only the user may read the folder: takes are private until sent. */
void
vr_control_resolve_output_directory (VoiceRecorderControl *self)
{
  g_free (self->resolved_output_directory);
  self->resolved_output_directory
      = self->output_directory != NULL ? g_strdup (self->output_directory)
                                       : g_build_filename (g_get_user_cache_dir (), "voicerecorder", NULL);
  g_mkdir_with_parents (self->resolved_output_directory, 0700);
}

/* The settings as the properties say now, for the Swift control. */
static VoiceRecorderSettings
current_settings (VoiceRecorderControl *self)
{
  return (VoiceRecorderSettings) {
    .preview = self->preview,
    .format = self->format,
    .minimum_duration = self->minimum_duration,
    .maximum_duration = self->maximum_duration,
    .microphone = self->microphone,
    .output_directory = self->resolved_output_directory,
  };
}

/* Before `constructed` there is nothing to tell: the Swift control is made with the settings as they are then. */
void
vr_control_changed (VoiceRecorderControl *self, VoiceRecorderControlProperty property)
{
  if (self->swift != NULL)
    {
      VoiceRecorderSettings settings = current_settings (self);
      vr_swift_control_configure (self->swift, &settings);
    }
  g_object_notify_by_pspec (G_OBJECT (self), vr_control_properties[property]);
}

static void
voice_recorder_control_constructed (GObject *object)
{
  VoiceRecorderControl *self = VOICE_RECORDER_CONTROL (object);
  G_OBJECT_CLASS (voice_recorder_control_parent_class)->constructed (object);
  vr_control_resolve_output_directory (self);
  VoiceRecorderSettings settings = current_settings (self);
  self->swift = vr_swift_control_new (self, self->content, &settings);
  gtk_widget_set_parent (vr_swift_control_widget (self->swift), GTK_WIDGET (self));
}

static void
voice_recorder_control_dispose (GObject *object)
{
  VoiceRecorderControl *self = VOICE_RECORDER_CONTROL (object);
  GtkWidget *child;
  /* The child going away ends a take under way (as a window closing does) before the Swift control is let go. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  if (self->swift != NULL)
    {
      vr_swift_control_release (self->swift);
      self->swift = NULL;
    }
  g_clear_object (&self->content);
  G_OBJECT_CLASS (voice_recorder_control_parent_class)->dispose (object);
}

static void
voice_recorder_control_finalize (GObject *object)
{
  VoiceRecorderControl *self = VOICE_RECORDER_CONTROL (object);
  g_free (self->microphone);
  g_free (self->output_directory);
  g_free (self->resolved_output_directory);
  G_OBJECT_CLASS (voice_recorder_control_parent_class)->finalize (object);
}

static void
voice_recorder_control_get_property (GObject *object, guint id, GValue *value, GParamSpec *pspec)
{
  VoiceRecorderControl *self = VOICE_RECORDER_CONTROL (object);
  switch (id)
    {
    case PROP_CONTENT:
      g_value_set_object (value, self->content);
      break;
    case PROP_PHASE:
      g_value_set_enum (value, self->phase);
      break;
    case PROP_PREVIEW:
      g_value_set_boolean (value, self->preview);
      break;
    case PROP_FORMAT:
      g_value_set_enum (value, self->format);
      break;
    case PROP_MINIMUM_DURATION:
      g_value_set_double (value, self->minimum_duration);
      break;
    case PROP_MAXIMUM_DURATION:
      g_value_set_double (value, self->maximum_duration);
      break;
    case PROP_MICROPHONE:
      g_value_set_string (value, self->microphone);
      break;
    case PROP_OUTPUT_DIRECTORY:
      g_value_set_string (value, self->output_directory);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, id, pspec);
    }
}

static void
voice_recorder_control_set_property (GObject *object, guint id, const GValue *value, GParamSpec *pspec)
{
  VoiceRecorderControl *self = VOICE_RECORDER_CONTROL (object);
  switch (id)
    {
    case PROP_CONTENT:
      /* Construct-only: the Swift control is built around it. */
      g_set_object (&self->content, g_value_get_object (value));
      break;
    case PROP_PREVIEW:
      voice_recorder_control_set_preview (self, g_value_get_boolean (value));
      break;
    case PROP_FORMAT:
      voice_recorder_control_set_format (self, g_value_get_enum (value));
      break;
    case PROP_MINIMUM_DURATION:
      voice_recorder_control_set_minimum_duration (self, g_value_get_double (value));
      break;
    case PROP_MAXIMUM_DURATION:
      voice_recorder_control_set_maximum_duration (self, g_value_get_double (value));
      break;
    case PROP_MICROPHONE:
      voice_recorder_control_set_microphone (self, g_value_get_string (value));
      break;
    case PROP_OUTPUT_DIRECTORY:
      voice_recorder_control_set_output_directory (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, id, pspec);
    }
}


static void
voice_recorder_control_init (VoiceRecorderControl *self)
{
  self->phase = VOICE_RECORDER_PHASE_IDLE;
  self->minimum_duration = DEFAULT_MINIMUM_DURATION;
  self->maximum_duration = DEFAULT_MAXIMUM_DURATION;
}

static void
voice_recorder_control_class_init (VoiceRecorderControlClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  object_class->constructed = voice_recorder_control_constructed;
  object_class->dispose = voice_recorder_control_dispose;
  object_class->finalize = voice_recorder_control_finalize;
  object_class->get_property = voice_recorder_control_get_property;
  object_class->set_property = voice_recorder_control_set_property;
  /* The Swift widget is the only child and takes the whole allocation; it names its own parts to screen readers,
   * and this container is nameless (as the Swift widget's own container is). */
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GENERIC);
  gtk_widget_class_set_css_name (widget_class, "voicerecordercontrol");
  /* Every enum of the API registered with the type that uses it, so bindings that look a type up by name
   * (Vala's EnumClass for the error codes, say) find it. */
  g_type_ensure (VOICE_RECORDER_TYPE_PHASE);
  g_type_ensure (VOICE_RECORDER_TYPE_FORMAT);
  g_type_ensure (VOICE_RECORDER_TYPE_WARNING);
  g_type_ensure (VOICE_RECORDER_TYPE_ERROR);

  /**
   * VoiceRecorderControl:content: (getter get_content)
   *
   * The app's own widget the control wraps (a message entry, say): it fills the control's leading space, and the
   * capsule covers it while a take records. %NULL: the mic alone, at the trailing end.
   */
  vr_control_properties[PROP_CONTENT] = g_param_spec_object (
      "content", NULL, NULL, GTK_TYPE_WIDGET, G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  /**
   * VoiceRecorderControl:phase: (getter get_phase)
   *
   * Where the control is in a take.
   */
  vr_control_properties[PROP_PHASE] = g_param_spec_enum (
      "phase", NULL, NULL, VOICE_RECORDER_TYPE_PHASE, VOICE_RECORDER_PHASE_IDLE,
      G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * VoiceRecorderControl:preview: (getter get_preview) (setter set_preview)
   *
   * Whether a take can be paused, listened to and trimmed before it is sent. A change made during a take applies
   * from the next one.
   */
  vr_control_properties[PROP_PREVIEW] = g_param_spec_boolean (
      "preview", NULL, NULL, FALSE,
      G_PARAM_READWRITE | G_PARAM_CONSTRUCT | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * VoiceRecorderControl:format: (getter get_format) (setter set_format)
   *
   * The file the next take is written as. A take under way keeps its own.
   */
  vr_control_properties[PROP_FORMAT] = g_param_spec_enum (
      "format", NULL, NULL, VOICE_RECORDER_TYPE_FORMAT, VOICE_RECORDER_FORMAT_AAC,
      G_PARAM_READWRITE | G_PARAM_CONSTRUCT | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * VoiceRecorderControl:minimum-duration: (getter get_minimum_duration) (setter set_minimum_duration)
   *
   * The shortest take worth sending, in seconds: a held take let go sooner is dropped, and the control shows how
   * to hold it. A change made during a take applies from the next one.
   */
  vr_control_properties[PROP_MINIMUM_DURATION] = g_param_spec_double (
      "minimum-duration", NULL, NULL, 0, G_MAXDOUBLE, DEFAULT_MINIMUM_DURATION,
      G_PARAM_READWRITE | G_PARAM_CONSTRUCT | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * VoiceRecorderControl:maximum-duration: (getter get_maximum_duration) (setter set_maximum_duration)
   *
   * The longest take, in seconds (at least 1): a take that reaches it is sent. A change made during a take
   * applies from the next one.
   */
  vr_control_properties[PROP_MAXIMUM_DURATION] = g_param_spec_double (
      "maximum-duration", NULL, NULL, 1, G_MAXDOUBLE, DEFAULT_MAXIMUM_DURATION,
      G_PARAM_READWRITE | G_PARAM_CONSTRUCT | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * VoiceRecorderControl:microphone: (getter get_microphone) (setter set_microphone)
   *
   * The sound server's name of the source takes record from; %NULL for the server's default. A take under way
   * keeps its own.
   */
  vr_control_properties[PROP_MICROPHONE] = g_param_spec_string (
      "microphone", NULL, NULL, NULL,
      G_PARAM_READWRITE | G_PARAM_CONSTRUCT | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * VoiceRecorderControl:output-directory: (getter get_output_directory) (setter set_output_directory)
   *
   * The folder takes are written in; %NULL for `voicerecorder` in the user's cache folder. A take under way keeps
   * its own.
   */
  vr_control_properties[PROP_OUTPUT_DIRECTORY] = g_param_spec_string (
      "output-directory", NULL, NULL, NULL,
      G_PARAM_READWRITE | G_PARAM_CONSTRUCT | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, vr_control_properties);

  /**
   * VoiceRecorderControl::started:
   * @control: the control
   *
   * A take began: the mic was held past its short beat, or a hands-free take was started.
   */
  vr_control_signals[SIGNAL_STARTED] = g_signal_new ("started", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                                     NULL, NULL, NULL, G_TYPE_NONE, 0);
  /**
   * VoiceRecorderControl::sent:
   * @control: the control
   * @take: the take: its file, now the app's, its duration, format and waveform
   *
   * A take was sent: let go, sent hands-free, or at its maximum length.
   */
  vr_control_signals[SIGNAL_SENT] = g_signal_new ("sent", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                                  NULL, NULL, G_TYPE_NONE, 1, VOICE_RECORDER_TYPE_TAKE);
  /**
   * VoiceRecorderControl::cancelled:
   * @control: the control
   *
   * A take was thrown away (slid into the bin, deleted, or ended by an interruption): its file is already
   * deleted. A take too short to send is dropped without this signal.
   */
  vr_control_signals[SIGNAL_CANCELLED] = g_signal_new ("cancelled", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                                       0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /**
   * VoiceRecorderControl::failed:
   * @control: the control
   * @error: what failed, in the [error@VoiceRecorder.Error] domain, with a message in words
   *
   * Something failed: the microphone may not be used or could not start, or the take's file could not be written.
   * What was recorded before a write failure is kept and sent.
   */
  vr_control_signals[SIGNAL_FAILED] = g_signal_new ("failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                                    NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_ERROR);
  /**
   * VoiceRecorderControl::microphone-warning:
   * @control: the control
   * @warning: what is wrong, or %VOICE_RECORDER_WARNING_NONE when it cleared
   * @source: (nullable): the description of the take's microphone, when the sound server has listed it
   *
   * The take's microphone is muted or silent, or no longer is. The control shows it in its hint line too; the take
   * records on.
   */
  vr_control_signals[SIGNAL_MICROPHONE_WARNING]
      = g_signal_new ("microphone-warning", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                      G_TYPE_NONE, 2, VOICE_RECORDER_TYPE_WARNING, G_TYPE_STRING);
}
