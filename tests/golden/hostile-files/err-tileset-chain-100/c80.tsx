<?xml version="1.0"?>
<tileset name="c80"><tileset/><tileset firstgid="9" source="c81.tsx"/></tileset>
