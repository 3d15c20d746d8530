/* VoiceRecorderTake: one sent take, as the `sent` signal hands it over. Immutable once made. */

#include "voicerecorder-bridge.h"

/**
 * VoiceRecorderTake:
 *
 * A take that was sent: its file, its exact duration, its format and its waveform.
 *
 * The file is the app's from the moment the take is sent: move it, upload it or delete it. The control never
 * touches it again.
 */
struct _VoiceRecorderTake
{
  GObject parent_instance;
  char *path;
  double duration;
  VoiceRecorderFormat format;
  double *samples;
  gsize n_samples;
};

G_DEFINE_FINAL_TYPE (VoiceRecorderTake, voice_recorder_take, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_PATH,
  PROP_DURATION,
  PROP_FORMAT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
voice_recorder_take_finalize (GObject *object)
{
  VoiceRecorderTake *take = VOICE_RECORDER_TAKE (object);
  g_free (take->path);
  g_free (take->samples);
  G_OBJECT_CLASS (voice_recorder_take_parent_class)->finalize (object);
}

static void
voice_recorder_take_get_property (GObject *object, guint id, GValue *value, GParamSpec *pspec)
{
  VoiceRecorderTake *take = VOICE_RECORDER_TAKE (object);
  switch (id)
    {
    case PROP_PATH:
      g_value_set_string (value, take->path);
      break;
    case PROP_DURATION:
      g_value_set_double (value, take->duration);
      break;
    case PROP_FORMAT:
      g_value_set_enum (value, take->format);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, id, pspec);
    }
}

static void
voice_recorder_take_class_init (VoiceRecorderTakeClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  object_class->finalize = voice_recorder_take_finalize;
  object_class->get_property = voice_recorder_take_get_property;

  /**
   * VoiceRecorderTake:path: (getter get_path)
   *
   * The take's file: an absolute path in the control's output directory.
   */
  properties[PROP_PATH] = g_param_spec_string ("path", NULL, NULL, NULL,
                                               G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  /**
   * VoiceRecorderTake:duration: (getter get_duration)
   *
   * The take's length in seconds, exact to the sample: what a player of the file plays.
   */
  properties[PROP_DURATION] = g_param_spec_double ("duration", NULL, NULL, 0, G_MAXDOUBLE, 0,
                                                   G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  /**
   * VoiceRecorderTake:format: (getter get_format)
   *
   * The take's file format.
   */
  properties[PROP_FORMAT] = g_param_spec_enum ("format", NULL, NULL, VOICE_RECORDER_TYPE_FORMAT,
                                               VOICE_RECORDER_FORMAT_AAC,
                                               G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
voice_recorder_take_init (VoiceRecorderTake *take)
{
}

VoiceRecorderTake *
vr_bridge_take_new (const char *path, double duration, VoiceRecorderFormat format, const double *samples,
                    gsize n_samples)
{
  VoiceRecorderTake *take = g_object_new (VOICE_RECORDER_TYPE_TAKE, NULL);
  take->path = g_strdup (path);
  take->duration = duration;
  take->format = format;
  take->samples = n_samples > 0 ? g_memdup2 (samples, n_samples * sizeof (double)) : NULL;
  take->n_samples = n_samples;
  return take;
}

/**
 * voice_recorder_take_get_path:
 * @take: a take
 *
 * Returns: (transfer none) (type filename): the take's file, an absolute path
 */
const char *
voice_recorder_take_get_path (VoiceRecorderTake *take)
{
  g_return_val_if_fail (VOICE_RECORDER_IS_TAKE (take), NULL);
  return take->path;
}

/**
 * voice_recorder_take_get_duration:
 * @take: a take
 *
 * Returns: the take's length in seconds, exact to the sample
 */
double
voice_recorder_take_get_duration (VoiceRecorderTake *take)
{
  g_return_val_if_fail (VOICE_RECORDER_IS_TAKE (take), 0);
  return take->duration;
}

/**
 * voice_recorder_take_get_format:
 * @take: a take
 *
 * Returns: the take's file format
 */
VoiceRecorderFormat
voice_recorder_take_get_format (VoiceRecorderTake *take)
{
  g_return_val_if_fail (VOICE_RECORDER_IS_TAKE (take), VOICE_RECORDER_FORMAT_AAC);
  return take->format;
}

/**
 * voice_recorder_take_get_samples:
 * @take: a take
 * @n_samples: (out): where the number of samples is stored
 *
 * The take's waveform, as the control drew it: the loudness of each stretch of the take, from 0 (silence) to 1
 * (the loudest stretch), oldest first.
 *
 * Returns: (transfer none) (array length=n_samples) (nullable): the samples, owned by @take; %NULL when there
 *   are none
 */
const double *
voice_recorder_take_get_samples (VoiceRecorderTake *take, gsize *n_samples)
{
  g_return_val_if_fail (VOICE_RECORDER_IS_TAKE (take), NULL);
  g_return_val_if_fail (n_samples != NULL, NULL);
  *n_samples = take->n_samples;
  return take->samples;
}
