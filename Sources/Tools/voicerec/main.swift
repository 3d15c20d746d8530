print("voicerec")
